# The two commands of the README: `make demo` and `make test`. Each target installs what it
# needs (idempotently) and can run on a fresh machine.
SHELL := /bin/bash
.PHONY: deps demo sandbox test test-rust test-python test-kotlin test-swift test-node test-macos-build node-packages test-scenarios test-hostile bench wheels jvm-jar publish-check

deps:
	scripts/install-deps

## The SDK against the sandbox: the Rust quickstart story, step by step.
demo: deps
	cargo build -q -p wallet-sandbox -p wallet-sdk --example quickstart
	scripts/with-sandbox cargo run -q -p wallet-sdk --example quickstart

## Run the sandbox in the foreground (Ctrl-C stops it and its node).
sandbox: deps
	cargo run -q -p wallet-sandbox --

## Every test in every language (all of them run, even after a failure; the result is failed then),
## then the documentation site built and its links checked (docs, below). The builds that only the
## later suites need start at once in the background (scripts/prebuild).
test:
	scripts/prebuild </dev/null >/dev/null 2>&1 &
	$(MAKE) -k test-rust test-python test-kotlin test-swift test-node test-macos-build test-scenarios test-hostile test-fuzz-smoke test-soak-smoke docs

test-rust: deps
	cargo build -q -p wallet-sandbox
	scripts/with-sandbox scripts/test-rust

test-python: deps
	bindings-python/run-tests.sh

test-kotlin: deps
	bindings-kotlin/run-tests.sh
	bindings-kotlin/run-examples.sh

test-swift: deps
	bindings-swift/run-tests.sh

## The sandbox and the CLI cross-built for macOS (Apple silicon) and checked to be Mach-O
## executables: code that builds only on Linux fails here (scripts/check-macos-build).
test-macos-build: deps
	scripts/check-macos-build

## The npm packages (target/node-packages): the addon cross-built for Linux x64 and arm64, glibc
## and musl, each checked for its platform (bindings-node/build-natives.sh), the arm64 glibc one
## loaded and run by Node on aarch64 under qemu (bindings-node/test-arm64.sh, as root), then packed.
node-packages: deps
	bindings-node/build-natives.sh
	bindings-node/test-arm64.sh
	bindings-node/pack.sh --release linux-x64-gnu linux-arm64-gnu linux-x64-musl linux-arm64-musl

## Node: the addon built, index.d.ts checked against the description, tsc --strict on the examples
## and the Markdown's TypeScript samples, then node --test against a sandbox.
test-node: deps
	bindings-node/run-tests.sh

## The shared scenarios (tests/scenarios) run by every language against one sandbox; the
## transcripts must be identical.
test-scenarios: deps
	scripts/test-scenarios

## Hostile answers (tests/hostile): each cell one call against a canned answer of the fault
## proxy, in its own child process, in Rust, Python (sync and asyncio), Kotlin and Swift.
test-hostile: deps
	scripts/test-hostile

## Every crate that ships is built from its own package, as the registry would (nothing uploaded).
## cargo verifies each crate against the others' packages through a local registry, and takes a
## registry package of the same name and version as unchanged: its earlier extraction and build
## would be reused, so ours are removed first (the build in a target folder of its own).
publish-check:
	rm -rf $${CARGO_HOME:-$$HOME/.cargo}/registry/src/-*/wallet-* target/publish-check/*/.fingerprint/wallet-*
	CARGO_TARGET_DIR=target/publish-check cargo publish --dry-run --allow-dirty -p wallet-sdk -p wallet-sdk-ffi -p wallet-sdk-python -p wallet-cli

## Client overhead per call against an instant local server, the offline toolkit on one core, and
## the side-by-side table (bench/: each client against its language's raw HTTP client;
## bench/README.md). Speed targets live there, not in tests.
bench:
	cargo bench -p wallet-sdk --bench client_overhead
	# the JSON lexer's string scan against a byte-at-a-time loop
	cargo bench -p wallet-sdk --features fuzzing --bench json_scan
	flock /tmp/python-build.lock bindings-python/build.sh >/dev/null
	# the offline toolkit in Rust (cargo bench --bench offline) and in Python, side by side
	.venv/bin/python bindings-python/benches/offline.py
	# ... and through the Kotlin bindings (JNA); the ratio to Rust's best verify_message round
	flock /tmp/kotlin-swift-tests.lock bench/kotlin/run.sh "$$(cargo bench -q -p wallet-sdk --bench offline | awk '/^verify_message \(p2pkh\)/ {print $$(NF-3)}')"
	# ... and through the Swift bindings (C calls), in the Swift root
	flock /tmp/kotlin-swift-tests.lock bench/swift/run.sh "$$(cargo bench -q -p wallet-sdk --bench offline | awk '/^verify_message \(p2pkh\)/ {print $$(NF-3)}')"
	# clients side by side against one pinned responder, Kotlin and Swift included where their
	# toolchains exist, then the size and start-up rows (sizes: BENCH_* in bench/run.py)
	bench/run.sh

## The Python package for every platform: manylinux2014 and musllinux_1_2 cp39-abi3 wheels for
## x86_64 and aarch64 plus the sdist, into target/wheels-dist, each checked (scripts/build-wheels).
wheels:
	scripts/build-wheels

## The JVM jar set (bindings-kotlin/build/maven): the jar with the release native library for Linux
## x86_64 and aarch64 inside (cargo-zigbuild), the -sources and -javadoc (Dokka) jars and the POM;
## runs the Java caller's test against the jar with a sandbox and checks the jars' entries
## (bindings-kotlin/tools/jvm-jar.sh).
jvm-jar: deps
	bindings-kotlin/tools/jvm-jar.sh

## Coverage-guided fuzzing (docs/fuzzing.md): every target of fuzz/ for FUZZ_SECONDS (default 60)
## each, with its dictionary and seeds; installs nightly and cargo-fuzz when missing; fails on any
## finding (the input is in fuzz/artifacts/<target>/). Then EXPLORE_SCHEDULES (default 20,000)
## schedules of exactly-once (docs/adr/0027; `cargo test` runs 1,000): a failure prints the seed.
.PHONY: fuzz test-fuzz-smoke
EXPLORE_SCHEDULES ?= 20000
fuzz:
	scripts/fuzz
	EXPLORE_SCHEDULES=$(EXPLORE_SCHEDULES) cargo test -p wallet-sdk --test schedule_explorer random_schedules

## The same, FUZZ_SMOKE_SECONDS (default 20) per target: the harness builds and runs.
FUZZ_SMOKE_SECONDS ?= 20
test-fuzz-smoke:
	FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) scripts/fuzz

## The soak (bench/README.md, Soak): every language's client (Rust, Python sync and
## asyncio, Kotlin, Swift) against one local responder: 1,000,000 successful calls, 100,000
## cancelled in flight, 100,000 failing (refused, 500, undecodable); RSS growth after the warm-up
## <= 10 MiB, fds and threads back to their warm-up level; one table. Sizes: SOAK_CALLS,
## SOAK_CANCEL_CALLS, SOAK_FAIL_CALLS, SOAK_WARMUP; SOAK_ONLY picks languages (scripts/soak).
.PHONY: soak test-soak-smoke
soak: deps
	scripts/soak

## The same with 20,000 calls per phase (after the same 20,000 warm-up calls): a leak of 500
## bytes a call or more fails it. About 1.5 minutes once built.
SOAK_SMOKE_CALLS ?= 20000
test-soak-smoke: deps
	SOAK_CALLS=$(SOAK_SMOKE_CALLS) SOAK_CANCEL_CALLS=$(SOAK_SMOKE_CALLS) SOAK_FAIL_CALLS=$(SOAK_SMOKE_CALLS) scripts/soak

## The documentation site (mkdocs.yml, docs/) into target/site: the pages, the Rust, Python,
## Kotlin/Java (Dokka, bindings-kotlin/pom.xml profile docs) and Swift (symbol graph) API
## references, every link checked, and no tracked file pointing outside the repository
## (scripts/check-repo-refs). scripts/docs installs what it needs: .venv-docs, Maven, the Swift root.
.PHONY: docs
docs:
	scripts/docs
