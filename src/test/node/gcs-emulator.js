// The Cloud Storage emulator of firebase-tools, serving only the GCS JSON API that Cairn's gs:// tests
// use. Started from its Node library rather than `firebase emulators:start`, which needs Java 21 and
// downloads a rules runtime jar: the JSON API goes through the emulator's admin storage layer, which
// never asks the rules, so the rules runtime is not started. Usage: node gcs-emulator.js [port]
// (0 or none: a free one); prints "gcs emulator listens on http://127.0.0.1:PORT" once it accepts.
"use strict";
const { StorageEmulator } = require("firebase-tools/lib/emulator/storage");
const { createApp } = require("firebase-tools/lib/emulator/storage/server");
const { EmulatorRegistry } = require("firebase-tools/lib/emulator/registry");

async function main() {
  const emulator = new StorageEmulator({ projectId: "cairn-test", host: "127.0.0.1", port: 0, rules: [], auto_download: false });
  const app = await createApp("cairn-test", emulator);
  const server = app.listen(Number(process.argv[2] || 0), "127.0.0.1", () => {
    // Object metadata carries links built from the registered emulator's host and port.
    emulator.args.port = server.address().port;
    EmulatorRegistry.set(emulator.getName(), emulator);
    console.log(`gcs emulator listens on http://127.0.0.1:${server.address().port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
