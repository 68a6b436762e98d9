// JVM library: the generated bindings + extensions, with the host's native library packed as a
// JNA resource (linux-x86-64/libwallet_sdk_ffi.so, darwin-aarch64/libwallet_sdk_ffi.dylib, …).
plugins {
    kotlin("jvm")
    `java-library`
}

group = "org.walletsdk"
version = "0.1.0"

kotlin { jvmToolchain(17) }

sourceSets {
    main {
        kotlin.srcDirs("../src/main/kotlin", "../generated/kotlin")
        resources.srcDirs("build/native-resources")
    }
    test { kotlin.srcDirs("../src/test/kotlin") }
}

dependencies {
    api("net.java.dev.jna:jna:5.14.0")
    api("org.jetbrains.kotlinx:kotlinx-coroutines-core:1.10.2")
    testImplementation("junit:junit:4.13.2")
}

val repoRoot = rootDir.parentFile
val cargoBuild by tasks.registering(Exec::class) {
    workingDir = repoRoot
    commandLine("cargo", "build", "--release", "-p", "wallet-sdk-ffi")
}
buildscript { dependencies { classpath("net.java.dev.jna:jna:5.14.0") } }

val copyNative by tasks.registering(Copy::class) {
    dependsOn(cargoBuild)
    from("${repoRoot}/target/release") { include("libwallet_sdk_ffi.so", "libwallet_sdk_ffi.dylib", "wallet_sdk_ffi.dll") }
    into("build/native-resources/${com.sun.jna.Platform.RESOURCE_PREFIX}")
}
tasks.named("compileKotlin") { dependsOn(rootProject.tasks.named("generateBindings")) }
tasks.named("processResources") { dependsOn(copyNative) }

// The tests talk to a sandbox: run them under scripts/with-sandbox (it exports WALLET_SDK_*).
tasks.test { environment("RUST_BACKTRACE", "0") }
