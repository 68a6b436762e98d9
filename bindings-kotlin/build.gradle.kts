// The plugins' versions: gradle/libs.versions.toml (the Kotlin one is pom.xml's kotlin.version).
plugins {
    alias(libs.plugins.kotlin.jvm) apply false
    alias(libs.plugins.kotlin.android) apply false
    alias(libs.plugins.android.library) apply false
}

// Regenerates the uniffi Kotlin sources into generated/kotlin (never committed) with the ffi
// crate's own uniffi-bindgen, so they always match the native library.
val repoRoot = rootDir.parentFile
tasks.register<Exec>("generateBindings") {
    workingDir = repoRoot
    commandLine("ffi/scripts/generate-bindings.sh", "kotlin", "${rootDir}/generated/kotlin")
    inputs.dir("${repoRoot}/ffi/src")
    inputs.dir("${repoRoot}/core/src")
    outputs.dir("${rootDir}/generated/kotlin")
}
