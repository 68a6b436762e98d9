// Android library (AAR): generated bindings + extensions, the Rust library per ABI in
// jniLibs (built with cargo-ndk, 16 KB page-aligned), JNA as an @aar dependency, and consumer
// R8/ProGuard rules that keep JNA and the generated classes. Versions: gradle/libs.versions.toml
// (Kotlin, kotlinx-coroutines and JNA the same as pom.xml's). Never built on the machine that
// maintains it (no Android SDK/NDK, no Google Maven there).
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "org.walletsdk"
    compileSdk = 35
    ndkVersion = "27.2.12479018"
    defaultConfig {
        minSdk = 24
        consumerProguardFiles("consumer-rules.pro")
    }
    sourceSets["main"].apply {
        java.srcDirs("../src/main/kotlin", "../generated/kotlin")
        jniLibs.srcDirs("build/jniLibs")
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    packaging { jniLibs { useLegacyPackaging = false } }
    publishing { singleVariant("release") { withSourcesJar() } }
}

kotlin {
    compilerOptions { jvmTarget.set(JvmTarget.JVM_17) }
}

dependencies {
    // JNA's Android artifact (the .aar with its own libjnidispatch.so per ABI), not its jar
    implementation(libs.jna) { artifact { type = "aar" } }
    implementation(libs.kotlinx.coroutines.android)
}

// cargo-ndk builds libwallet_sdk_ffi.so for each ABI into build/jniLibs/<abi>/. The linker
// flag aligns LOAD segments to 16 KB (required for Android 15+ devices with 16 KB pages).
val repoRoot = rootDir.parentFile
val cargoNdk by tasks.registering(Exec::class) {
    workingDir = repoRoot
    environment("RUSTFLAGS", "-C link-arg=-Wl,-z,max-page-size=16384 -C link-arg=-Wl,-z,common-page-size=16384")
    commandLine(
        "cargo", "ndk",
        "-t", "arm64-v8a", "-t", "armeabi-v7a", "-t", "x86_64", "-t", "x86",
        "--platform", "24",
        "-o", "${projectDir}/build/jniLibs",
        "build", "--release", "-p", "wallet-sdk-ffi",
    )
}
tasks.named("preBuild") {
    dependsOn(cargoNdk)
    dependsOn(rootProject.tasks.named("generateBindings"))
}
