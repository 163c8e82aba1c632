package dev.cairn.backend.systemdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * libpq's password file ({@code ~/.pgpass}, or {@code PGPASSFILE}): lines
 * {@code hostname:port:database:username:password}, {@code *} matching anything, {@code \:} and
 * {@code \\} escaping, the first matching line wins.
 */
final class PasswordFile {

    /** libpq ignores a password file others may read, so a password it would not use is not used here either. */
    private static final Set<PosixFilePermission> TOO_OPEN = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private PasswordFile() {}

    /** The password for the connection, or {@code null} when the file is missing, too open or has no matching line. */
    static String lookup(Path file, String host, String port, String database, String user) {
        if (!Files.isRegularFile(file) || tooOpen(file)) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null; // libpq treats an unreadable password file as absent
        }
        String[] wanted = {host, port, database, user};
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            List<String> fields = fields(line);
            if (fields.size() < 5) {
                continue;
            }
            if (matches(fields, wanted)) {
                return fields.get(4);
            }
        }
        return null;
    }

    private static boolean tooOpen(Path file) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            perms.retainAll(TOO_OPEN);
            return !perms.isEmpty();
        } catch (UnsupportedOperationException e) {
            return false; // Windows: libpq does not check either
        } catch (IOException e) {
            return true;
        }
    }

    private static boolean matches(List<String> fields, String[] wanted) {
        for (int i = 0; i < wanted.length; i++) {
            if (!fields.get(i).equals("*") && !fields.get(i).equals(wanted[i])) {
                return false;
            }
        }
        return true;
    }

    /** Splits at unescaped colons (a colon in a password must be escaped too; anything after it is ignored). */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>(5);
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                field.append(line.charAt(++i));
            } else if (c == ':') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }
}
