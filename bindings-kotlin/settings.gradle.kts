// Gradle build of the Kotlin bindings for Android developers and Gradle users: `jvm` (JVM library)
// and `android` (AAR). Versions come from gradle/libs.versions.toml (the catalog `libs`, read by
// Gradle from there by default), the same list as pom.xml's, which tools/check-versions.py holds
// them to. Written for Gradle 8.9+ and JDK 17, plus the Android SDK, NDK and cargo-ndk for
// `android`; never run on the machine that maintains it (no Gradle distribution, Android SDK or
// Google Maven there): there the Maven build (pom.xml) compiles the same sources and runs the tests.
pluginManagement {
    repositories {
        gradlePluginPortal()
        google()
        mavenCentral()
    }
}
dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
    }
}
rootProject.name = "wallet-sdk-kotlin"
include(":jvm", ":android")
