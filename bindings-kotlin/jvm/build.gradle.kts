// JVM library: the generated bindings + extensions, with the host's native library packed as a
// JNA resource (linux-x86-64/libwallet_sdk_ffi.so, darwin-aarch64/libwallet_sdk_ffi.dylib, …).
// Versions: gradle/libs.versions.toml, the same as pom.xml's (the Maven build, which is the one
// that runs on the machine that maintains this file; this one has not been run there).
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    id("org.jetbrains.kotlin.jvm")
    `java-library`
}

group = "org.walletsdk"
version = "0.1.0"

// compiled with JDK 17, bytecode for the catalog's jvm-target (11, as the Maven build); set on the
// tasks, since Gradle refuses a project-level source/target compatibility beside a toolchain
val jvmTargetVersion = libs.versions.jvm.target.get()
kotlin {
    jvmToolchain(17)
    compilerOptions { jvmTarget.set(JvmTarget.fromTarget(jvmTargetVersion)) }
}
tasks.withType<JavaCompile>().configureEach {
    sourceCompatibility = jvmTargetVersion
    targetCompatibility = jvmTargetVersion
}

sourceSets {
    main {
        kotlin.srcDirs("../src/main/kotlin", "../generated/kotlin")
        resources.srcDirs("build/native-resources")
    }
    test {
        kotlin.srcDirs("../src/test/kotlin")
        java.srcDirs("../src/test/java")
    }
}

dependencies {
    api(libs.jna)
    api(libs.kotlinx.coroutines.core)
    testImplementation(libs.junit)
}

val repoRoot = rootDir.parentFile
val cargoBuild by tasks.registering(Exec::class) {
    workingDir = repoRoot
    commandLine("cargo", "build", "--release", "-p", "wallet-sdk-ffi")
}

// JNA's resource prefix of this machine (com.sun.jna.Platform.RESOURCE_PREFIX), for the OSes and
// architectures the Rust library is built for
fun jnaResourcePrefix(): String {
    val os = System.getProperty("os.name").lowercase()
    val arch = when (val a = System.getProperty("os.arch").lowercase()) {
        "amd64", "x86_64" -> "x86-64"
        "aarch64", "arm64" -> "aarch64"
        else -> a
    }
    return when {
        os.startsWith("linux") -> "linux-$arch"
        os.startsWith("mac") || os.startsWith("darwin") -> "darwin-$arch"
        os.startsWith("windows") -> "win32-$arch"
        else -> error("no JNA resource prefix for $os/$arch")
    }
}

val copyNative by tasks.registering(Copy::class) {
    dependsOn(cargoBuild)
    from("${repoRoot}/target/release") { include("libwallet_sdk_ffi.so", "libwallet_sdk_ffi.dylib", "wallet_sdk_ffi.dll") }
    into("build/native-resources/${jnaResourcePrefix()}")
}
tasks.named("compileKotlin") { dependsOn(rootProject.tasks.named("generateBindings")) }
tasks.named("processResources") { dependsOn(copyNative) }

// The tests talk to a sandbox: run them under scripts/with-sandbox (it exports WALLET_SDK_*).
tasks.test {
    environment("RUST_BACKTRACE", "0")
    environment("WALLET_SDK_OFFLINE_VECTORS", "${repoRoot}/core/tests/data/offline/vectors.json")
}
