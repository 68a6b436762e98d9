// Gradle build of the Kotlin bindings (needs Gradle 8.7+, JDK 17; the Android module also
// needs the Android SDK + NDK and cargo-ndk). Not runnable on the machine that wrote it:
// there, run-tests.sh compiles the same sources with kotlinc and runs the JUnit4 tests.
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
