#!/usr/bin/env python3
"""One set of versions for the Kotlin bindings (run by every Maven build of pom.xml, phase `validate`).

gradle/libs.versions.toml is the list; Gradle reads it directly, Maven cannot, so pom.xml repeats
the shared entries in <properties>. This fails, naming the entry, when:
  - a catalog version and its pom.xml property differ, or either is missing;
  - a catalog version is neither mapped to a pom.xml property nor listed as Gradle-only below;
  - pom.xml writes one of these artifacts' versions as a literal instead of its property;
  - a Gradle file (*.gradle.kts) writes a version literal instead of taking it from the catalog.

    tools/check-versions.py [BINDINGS_KOTLIN_DIR]      (default: this script's parent folder)
"""
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# catalog [versions] entry -> pom.xml <properties> entry
POM_PROPERTY = {
    "kotlin": "kotlin.version",
    "kotlinx-coroutines": "coroutines.version",
    "jna": "jna.version",
    "junit": "junit.version",
    "jvm-target": "jvm.target",
}
# catalog entries that only the Gradle build uses (the Android build; Maven has no counterpart)
GRADLE_ONLY = {"android-gradle-plugin"}
# pom.xml artifacts whose <version> must be the property of the catalog entry
POM_ARTIFACTS = {
    "kotlin-stdlib": "kotlin.version",
    "kotlin-maven-plugin": "kotlin.version",
    "kotlinx-coroutines-core": "coroutines.version",
    "jna": "jna.version",
    "junit": "junit.version",
}
NS = {"m": "http://maven.apache.org/POM/4.0.0"}


def catalog_versions(path):
    text = path.read_text()
    try:
        import tomllib  # Python 3.11+
        return {k: str(v) for k, v in tomllib.loads(text).get("versions", {}).items()}
    except ImportError:
        versions, section = {}, None
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith("["):
                section = line.strip("[]").strip()
            elif section == "versions" and "=" in line:
                key, value = (s.strip() for s in line.split("=", 1))
                versions[key.strip('"')] = value.strip('"')
        return versions


def main():
    here = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    catalog_path = here / "gradle" / "libs.versions.toml"
    pom_path = here / "pom.xml"
    errors = []

    catalog = catalog_versions(catalog_path)
    pom = ET.parse(pom_path).getroot()
    props = {e.tag.split("}", 1)[1]: (e.text or "").strip() for e in pom.find("m:properties", NS)}

    for entry, value in catalog.items():
        if entry in GRADLE_ONLY:
            continue
        prop = POM_PROPERTY.get(entry)
        if prop is None:
            errors.append(f"catalog version '{entry}' ({value}) has no pom.xml property: map it in "
                          f"tools/check-versions.py (POM_PROPERTY) or list it as Gradle-only (GRADLE_ONLY)")
        elif prop not in props:
            errors.append(f"catalog version '{entry}' = {value}, but pom.xml has no <{prop}>")
        elif props[prop] != value:
            errors.append(f"'{entry}': gradle/libs.versions.toml says {value}, pom.xml <{prop}> says {props[prop]}")
    for entry, prop in POM_PROPERTY.items():
        if entry not in catalog:
            errors.append(f"pom.xml <{prop}> ({props.get(prop)}) has no entry '{entry}' in gradle/libs.versions.toml [versions]")

    for el in pom.iter():
        artifact = el.find("m:artifactId", NS)
        version = el.find("m:version", NS)
        if artifact is None or version is None or artifact.text not in POM_ARTIFACTS:
            continue
        want = "${" + POM_ARTIFACTS[artifact.text] + "}"
        if (version.text or "").strip() != want:
            errors.append(f"pom.xml: {artifact.text} has version {version.text!r}, not {want}")

    literal = re.compile(r'"[\w.-]+:[\w.-]+:\d[^"]*"|\bversion\s*\(?\s*"\d[^"]*"')
    for gradle in sorted(here.glob("*.gradle.kts")) + sorted(here.glob("*/*.gradle.kts")):
        for n, line in enumerate(gradle.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            m = literal.search(code)
            if m:
                errors.append(f"{gradle.relative_to(here)}:{n}: version literal {m.group(0)}: "
                              f"take it from gradle/libs.versions.toml (libs.…)")

    if errors:
        for e in errors:
            print(f"check-versions: {e}", file=sys.stderr)
        print(f"check-versions: {len(errors)} problem(s): pom.xml and gradle/libs.versions.toml must agree",
              file=sys.stderr)
        return 1
    shared = ", ".join(f"{k} {catalog[k]}" for k in POM_PROPERTY)
    print(f"check-versions: pom.xml and gradle/libs.versions.toml agree ({shared})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
