// Android library (AAR): generated bindings + extensions, the Rust library per ABI in
// jniLibs (built with cargo-ndk, 16 KB page-aligned), JNA as an @aar dependency, and consumer
// R8/ProGuard rules that keep JNA and the generated classes.
plugins {
    id("com.android.library")
    kotlin("android")
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
    kotlinOptions { jvmTarget = "17" }
    packaging { jniLibs { useLegacyPackaging = false } }
    publishing { singleVariant("release") { withSourcesJar() } }
}

dependencies {
    implementation("net.java.dev.jna:jna:5.14.0@aar")
    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-android:1.10.2")
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
