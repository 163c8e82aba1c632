package dev.cairn.ui.about;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class AboutViewModelTest {

    @Test
    void theReportGroupedByLicenceGivesOneRowPerLibraryAndLicence() {
        List<String> report = List.of("", "List of third-party dependencies grouped by their license type.", "",
                "    Apache License, Version 2.0:", "",
                "        * SnakeYAML (org.yaml:snakeyaml:2.5 - https://bitbucket.org/snakeyaml/snakeyaml)",
                "        * HikariCP (com.zaxxer:HikariCP:6.3.3 - no url defined)", "",
                "    Eclipse Public License - v 1.0:", "",
                "        * Logback Classic Module (ch.qos.logback:logback-classic:1.5.38 - http://logback.qos.ch/logback-classic)");
        assertEquals(List.of(
                new AboutViewModel.Library("SnakeYAML", "org.yaml:snakeyaml:2.5", "Apache License, Version 2.0"),
                new AboutViewModel.Library("HikariCP", "com.zaxxer:HikariCP:6.3.3", "Apache License, Version 2.0"),
                new AboutViewModel.Library("Logback Classic Module", "ch.qos.logback:logback-classic:1.5.38",
                        "Eclipse Public License - v 1.0")), AboutViewModel.parse(report));
    }
}
