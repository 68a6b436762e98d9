plugins {
    kotlin("jvm") version "2.2.20" apply false
    kotlin("android") version "2.2.20" apply false
    id("com.android.library") version "8.7.3" apply false
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
