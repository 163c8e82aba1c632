package dev.cairn.ui.about;

import dev.cairn.ops.PrivateFiles;
import dev.cairn.ui.Texts;
import dev.cairn.ui.services.AppServices;
import dev.cairn.ui.services.DesktopOpener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Help → About: Cairn's, Java's and JavaFX's versions, where Cairn keeps its files (each opens its
 * folder), Cairn's own licence, and the licences of the bundled libraries as the build's third-party
 * report lists them.
 */
public final class AboutViewModel {

    /** Written at build time by license-maven-plugin from the real dependency set (pom.xml). */
    static final String LICENCE_REPORT = "/dev/cairn/ui/about/third-party.txt";

    /** Cairn's own licence: the repository's LICENSE, copied in by the build (pom.xml). */
    static final String LICENCE = "/dev/cairn/ui/about/LICENSE";

    /** A file or folder of Cairn's, by what it holds. */
    public record Place(String label, Path path, boolean isFile) {

        /** What opening it shows: a folder itself, a file's folder. */
        public Path folder() {
            return isFile ? path.toAbsolutePath().getParent() : path;
        }
    }

    /** A bundled library: its name, Maven coordinates and licence. */
    public record Library(String name, String coordinates, String licence) { }

    private final List<Place> places;
    private final List<Library> libraries;
    private final String licenceText;
    private final DesktopOpener desktop;

    public AboutViewModel(AppServices services) {
        this.places = List.of(new Place(Texts.get("about.place.connections"), services.connections().file(), true),
                new Place(Texts.get("about.place.data"), services.data(), false),
                new Place(Texts.get("about.place.journal"), services.journal().file(), true),
                new Place(Texts.get("about.place.log"), services.logFile(), true));
        this.libraries = parse(resourceLines(LICENCE_REPORT, "license-maven-plugin"));
        this.licenceText = String.join("\n", resourceLines(LICENCE, "pom.xml's resources"));
        this.desktop = services.desktop();
    }

    public String version() {
        String v = AboutViewModel.class.getPackage().getImplementationVersion();
        return v == null ? Texts.get("about.version.development") : Texts.get("about.version", v);
    }

    public String java() {
        return "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")";
    }

    public String javaFx() {
        return "JavaFX " + System.getProperty("javafx.runtime.version", "(not started)");
    }

    /** Cairn's licence in full: the copyright line, then the Apache License 2.0. */
    public String licenceText() {
        return licenceText;
    }

    public List<Place> places() {
        return places;
    }

    public List<Library> libraries() {
        return libraries;
    }

    /** Opens the place's folder on the desktop, creating it first if nothing was written there yet. */
    public void open(Place place) {
        try {
            PrivateFiles.folder(place.folder());
        } catch (IOException e) {
            throw new UncheckedIOException("could not create " + place.folder(), e);
        }
        desktop.open(place.folder());
    }

    private static List<String> resourceLines(String resource, String writtenBy) {
        try (InputStream in = AboutViewModel.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing: the build writes it (" + writtenBy + ")");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Pattern LIBRARY = Pattern.compile("\\* (.+) \\((\\S+) - .*\\)");

    /** Reads the report grouped by licence: a {@code Licence:} line, then its {@code * Name (g:a:v - url)} lines. */
    static List<Library> parse(List<String> lines) {
        List<Library> out = new ArrayList<>();
        String licence = null;
        for (String line : lines) {
            String text = line.strip();
            Matcher m = LIBRARY.matcher(text);
            if (m.matches() && licence != null) {
                out.add(new Library(m.group(1), m.group(2), licence));
            } else if (text.endsWith(":") && !text.startsWith("*")) {
                licence = text.substring(0, text.length() - 1);
            }
        }
        return List.copyOf(out);
    }
}
