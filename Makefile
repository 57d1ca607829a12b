# Reel's build and project tasks. `make help` lists them.
#
# Every target that builds first runs scripts/install-deps.sh, which installs the missing Debian
# packages (and does nothing, quickly, when they are all there).
#
# Variables (make VAR=value):
#   SCRATCH=DIR       SwiftPM scratch path (default: SwiftPM's own .build); name others .build-NAME
#   RUN_CONFIG=debug  configuration of `make run` (default: release, for smooth playback)
#   RUN_ARGS=...      arguments of `make run` (default: demo)
#   TEST_FLAGS=...    extra flags of the test executable, e.g. TEST_FLAGS='--filter ReelCoreTests'
#   TEST_TIMEOUT=30m  a test run is stopped after this long
#   TEST_WRAPPER=...  what runs the headless tests (default: no DISPLAY, so window suites skip)
#   TEST_WIDTH=24     how many tests the headless run runs at once (Swift Testing's parallelism)
#   GUI_WRAPPER=...   what runs the window suites: a private Xvfb (scripts/with-display.sh with
#                     DISPLAY emptied first, even on a desktop)
#   BENCH_ARGS=...    arguments of `make bench`
#   FUZZ_COUNT=500    how many mutated files `make fuzz` runs (`make test` runs 20)
#   FUZZ_SEED=1       the seed of the first mutated file (file i uses FUZZ_SEED + i)
#   SOAK_SCALE=1      `make soak`'s cycles are its defaults times this (`make deep-check`: 0.3)
#   PREFIX=/usr/local where `make install` installs (and `make uninstall` removes)
#   DESTDIR=DIR       a staging root prepended to PREFIX (packaging)
#   DEB_MAINTAINER="Name <address>"  the Maintainer field of `make deb`
#   DOCS_FLAGS=...    extra flags for docc convert in `make docs` (`make docs-check` adds --warnings-as-errors)

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build
# SwiftPM locks its scratch path anyway; steps of one target must run in order.
.NOTPARALLEL:

# The toolchain is not a Debian package: use /opt/swift when swift is not on PATH.
ifeq ($(shell command -v swift 2>/dev/null),)
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif
endif

SWIFT        ?= swift
SCRATCH      ?=
RUN_CONFIG   ?= release
RUN_ARGS     ?= demo
TEST_FLAGS   ?=
TEST_TIMEOUT ?= 30m
TEST_WRAPPER ?= env -u DISPLAY -u WAYLAND_DISPLAY
# Swift Testing starts every test at once, and the synchronous part of each @MainActor test runs
# on the one main actor: at the start of a run, a FakeEngine player's events queued behind some
# 700 of them, and on a loaded 2-core machine its 10 s waits ran out (141 failures in one run at
# load 11). A bounded width bounds that queue; the tests mostly wait on real playback, so 24 at
# once keep the run as short. (Swift 6.3's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH.)
TEST_WIDTH   ?= 24
# The package's test executable, run directly: `swift test` relays its output through pipes and
# lost the end of it (the last ~100 results and the summary; the exit status stayed right) in
# most full runs, with Swift 6.3.1. Run directly, it writes to the log itself. It takes `swift
# test`'s --filter and --skip. Reel's tests are Swift Testing's (it has no XCTest cases).
TEST_BINARY   = $(SCRATCH_DIR)/debug/ReelPackageTests.xctest
RUN_TESTS     = env TERM=dumb timeout --kill-after=30s $(TEST_TIMEOUT) $(TEST_BINARY) --testing-library swift-testing
GUI_WRAPPER  ?= env -u WAYLAND_DISPLAY DISPLAY= scripts/with-display.sh
# The suites that open windows: run on their own, after the rest, so that the video they play
# does not slow the timing-sensitive tests running in parallel.
GUI_SUITES   := PlayerWindowTests|WindowPlaybackTests|WindowedReelPlayTests|MiniPlayerTests|FeedExampleTests
BENCH_ARGS   ?=
# Release executables link the Swift runtime and Foundation statically, as a Linux app ships
# them: a headless player then holds 10 MiB less resident than with the toolchain's shared
# libraries (the code it never touches stays on disk), and it starts faster. lld, because GNU
# ld prints glibc's link-time warning for the static Foundation's use of mktemp.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld
RUN_BUILD    := $(if $(filter release,$(RUN_CONFIG)),$(RELEASE_FLAGS),-c $(RUN_CONFIG))
FUZZ_COUNT   ?= 500
FUZZ_SEED    ?= 1
PREFIX       ?= /usr/local
DESTDIR      ?=
export DEB_MAINTAINER
# `make sanitize`: the engine, the player, the sound-server monitor (C callbacks), the container
# and the feed (the suites whose code runs threads), each sanitizer in its own scratch path.
SANITIZE_SUITES := ReelMPVTests|ReelCoreTests|ReelPlayerTests|ReelPulseTests|ReelContainerTests|ReelFeedTests
# `make soak`'s cycles are its defaults times SOAK_SCALE; `make deep-check` (CI) runs 0.3 of them.
SOAK_SCALE   ?= 1
DEEP_SOAK_SCALE ?= 0.3
DEEP_FUZZ_COUNT ?= 200
# The fuzz seed of `make deep-check`: the commit's first 7 hex digits as a number (1 outside git).
COMMIT_SEED  := $(shell n=$$(git rev-parse --short=7 HEAD 2>/dev/null) && echo $$((16#$$n)) || echo 1)
SANITIZERS   := scripts/sanitizers

SCRATCH_DIR  := $(if $(SCRATCH),$(SCRATCH),.build)
SPM          := $(if $(SCRATCH),--scratch-path $(SCRATCH))
LOGS         := $(SCRATCH_DIR)/logs
LINT_PATHS   := Sources Tests Examples Package.swift
DIST_BIN     := $(SCRATCH_DIR)/release/reel
DEBUG_BIN    := $(SCRATCH_DIR)/debug/reel
DOCS_DIR     := $(SCRATCH_DIR)/docs
DOCS_FLAGS   ?=
# Every library module has a DocC catalogue (Sources/MODULE/MODULE.docc); `make docs` combines them.
DOCS_TARGETS := Reel ReelCore ReelMPV ReelPlayer ReelArchitecture ReelComposable ReelCanvas ReelContainer ReelDrawing ReelSnapshot ReelSDL ReelPreview \
	ReelProbe ReelMPRIS ReelPulse ReelIsolation ReelDesktop ReelFeed ReelTesting
MANUAL       := $(SCRATCH_DIR)/plugins/GenerateManual/outputs/ReelCLI/reel.1

export DEBIAN_FRONTEND := noninteractive

# The container's texts follow the locale as gettext does (LANGUAGE, LC_ALL, LC_MESSAGES, LANG):
# the test runs use the messages locale C, so they get the English the tests expect whatever the
# shell's language. (Empty counts as unset; tests of other languages pass their own environment.)
unit-test gui-test screenshots sanitize-address sanitize-thread: export LANGUAGE :=
unit-test gui-test screenshots sanitize-address sanitize-thread: export LC_ALL :=
unit-test gui-test screenshots sanitize-address sanitize-thread: export LC_MESSAGES := C

# $(call checked-build,LOG,SWIFT BUILD ARGUMENTS): builds, keeps the output in $(LOGS)/LOG.log,
# and fails if the compiler, the linker or SwiftPM printed any warning. Reel builds with zero
# warnings. An incremental build prints only the warnings of what it recompiles, so the files
# that warned are touched (mtime only) and warn again next time until fixed; CI's fresh clone
# compiles everything anyway.
define checked-build
	@mkdir -p $(LOGS)
	$(SWIFT) build $(SPM) $(2) 2>&1 | tee $(LOGS)/$(1).log
	@if grep -n 'warning:' $(LOGS)/$(1).log >&2; then \
		grep -o '^$(CURDIR)/[^:]*\.swift' $(LOGS)/$(1).log | sort -u | xargs -r touch -c; \
		echo "error: the build printed the warnings above; Reel builds with zero warnings" >&2; \
		exit 1; \
	fi
endef

.PHONY: help deps build build-tests test unit-test gui-test lint format run bench bench-run soak fuzz sanitize
.PHONY: sanitize-address sanitize-thread deep-check test-summary symbol-graphs api api-check layers-check screenshots clean distclean
.PHONY: dist manual install uninstall deb deb-check install-check licenses docs docs-check

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /  make \1\t/' | expand -t 22

deps: ## Install the missing Debian packages (scripts/install-deps.sh)
	@bash scripts/install-deps.sh

build: deps ## Build everything (debug), warnings fail
	$(call checked-build,build,)

build-tests: deps ## Build everything and the tests (debug), warnings fail
	$(call checked-build,build-tests,--build-tests)

# .NOTPARALLEL makes the prerequisites run in the order written.
test: build-tests unit-test gui-test install-check docs-check api-check lint test-summary ## Build, run every test (window ones on a private Xvfb), the API listing, lint: what CI runs

# The last line sums up the test logs (XCTest's total and Swift Testing's run line): "tests: N
# passed, 0 failed". `.ci/run` prints it again after the deep checks, as its last line.
test-summary:
	@awk '/Executed [0-9]+ tests?, with 0 failures/ { xctest += $$2 } \
		/Test run with [0-9]+ tests? .*passed/ { for (i = 1; i < NF; i++) if ($$i == "with") { testing += $$(i + 1); break } } \
		END { if (xctest != "" || testing != "") printf "tests: %d passed, 0 failed\n", xctest + testing }' \
		$(LOGS)/test.log $(LOGS)/gui-test.log

unit-test: ## Run the built tests headless (window suites skip), without building
	@mkdir -p $(LOGS)
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) $(TEST_WRAPPER) $(RUN_TESTS) $(TEST_FLAGS) 2>&1 \
		| tee $(LOGS)/test.log

# Each window suite runs in a test run of its own on a fresh Xvfb: after MiniPlayerTests (a
# child process with two windows, clicked and keyed with xdotool) the in-process windows of a
# later suite on the same display stopped rendering (not yet explained; see the note on #12).
gui-test: ## Run the window and end-to-end suites, each on a private Xvfb, without building
	@mkdir -p $(LOGS)
	@: > $(LOGS)/gui-test.log
	for suite in $(subst |, ,$(GUI_SUITES)); do \
		$(GUI_WRAPPER) $(RUN_TESTS) --filter "$$suite" 2>&1 \
			| tee -a $(LOGS)/gui-test.log; \
	done

# The public API, written down: api/MODULE.txt lists every public declaration of each library
# module (scripts/api-listing.py over `swift package dump-symbol-graph`), so that every change to
# the surface shows in review. `make api-check` (in `make test`) fails when the code and api/
# differ; `make api` writes api/ anew.
SYMBOL_GRAPHS = $(SCRATCH_DIR)/$(shell uname -m)-unknown-linux-gnu/symbolgraph

symbol-graphs:
	rm -rf $(SYMBOL_GRAPHS)
	$(SWIFT) package $(SPM) dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
		> $(LOGS)/symbol-graphs.log 2>&1 || { cat $(LOGS)/symbol-graphs.log >&2; exit 1; }

api: symbol-graphs ## Write the public API listing api/MODULE.txt anew
	python3 scripts/api-listing.py --graphs $(SYMBOL_GRAPHS) --out api

api-check: symbol-graphs layers-check ## Fail when the public API differs from api/ (part of `make test`)
	python3 scripts/api-listing.py --graphs $(SYMBOL_GRAPHS) --check api

# docs/ARCHITECTURE.md's layer table against the manifest (`swift package describe`): each
# module's layer, the targets it names as dependencies, a row for every module.
layers-check:
	$(SWIFT) package $(SPM) describe --type json | python3 scripts/check-layers.py docs/ARCHITECTURE.md

lint: ## Check the formatting of Sources, Tests and Package.swift (swift format lint --strict)
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)
	@echo "lint: no findings in $(LINT_PATHS)"

format: ## Format Sources, Tests and Package.swift in place
	$(SWIFT) format format --in-place --recursive $(LINT_PATHS)

run: deps ## Build and run `reel demo` (a window when there is a display, headless otherwise)
	$(call checked-build,run,$(RUN_BUILD) --product reel)
	$(SCRATCH_DIR)/$(RUN_CONFIG)/reel $(RUN_ARGS)

bench: deps ## Run the benchmarks (ReelBench, release); not part of `make test`
	@description=$$($(SWIFT) package $(SPM) describe --type json); \
	if grep -q '"name" : "ReelBench"' <<<"$$description"; then \
		$(MAKE) --no-print-directory bench-run; \
	else \
		echo "bench: Package.swift has no ReelBench target yet: there is nothing to benchmark." >&2; \
	fi

# vcsi, the contact-sheet benchmark's peer, from PyPI into a virtual environment in the scratch
# path (python3-venv is in the deps); a failed install only skips that comparison.
BENCH_VENV   := $(SCRATCH_DIR)/bench-venv
VCSI_VERSION := 7.0.17

bench-run:
	@[[ -x $(BENCH_VENV)/bin/vcsi ]] || { python3 -m venv $(BENCH_VENV) \
		&& $(BENCH_VENV)/bin/pip install --quiet vcsi==$(VCSI_VERSION); } \
		|| echo "bench: vcsi could not be installed; the contact-sheet comparison is skipped" >&2
	$(call checked-build,bench,$(RELEASE_FLAGS) --product ReelBench)
	$(call checked-build,bench-player,$(RELEASE_FLAGS) --product ReelBenchPlayer)
	$(call checked-build,bench-reel,$(RELEASE_FLAGS) --product reel)
	$(SCRATCH_DIR)/release/ReelBench $(BENCH_ARGS)

# The deep checks run the package's test executable directly, as `make unit-test` does (`swift
# test` lost the end of the output), with their output in $(LOGS) and on standard output, so that
# a failure's own report (the sanitizer's stacks, the soak's numbers, the fuzz seed) is in CI's log.
soak: build-tests ## Long lifecycle runs: 1000 load/stop, 1000 queued items, 100 engines (× SOAK_SCALE); flat fds, threads, RSS
	@mkdir -p $(LOGS)
	REEL_SOAK=1 REEL_SOAK_SCALE=$(SOAK_SCALE) $(TEST_WRAPPER) $(RUN_TESTS) --filter SoakTests 2>&1 \
		| tee $(LOGS)/soak.log

fuzz: build-tests ## Seeded mutation fuzzing: FUZZ_COUNT (500) damaged files from FUZZ_SEED through probe and play
	@mkdir -p $(LOGS)
	REEL_FUZZ_COUNT=$(FUZZ_COUNT) REEL_FUZZ_SEED=$(FUZZ_SEED) $(TEST_WRAPPER) $(RUN_TESTS) --filter FuzzTests 2>&1 \
		| tee $(LOGS)/fuzz.log

# Each sanitizer builds the whole package (with tests) in its own scratch path, then runs
# SANITIZE_SUITES. The test executable exits non-zero on any AddressSanitizer error, on a leak at
# exit (LeakSanitizer) and on any ThreadSanitizer report (halt_on_error=0: every report of the run
# is printed, then exitcode 66). Only third-party reports are suppressed ($(SANITIZERS)/*.supp says
# why, for each).
sanitize: sanitize-address sanitize-thread ## The engine, player, container and feed tests under AddressSanitizer + LeakSanitizer, then ThreadSanitizer
	@echo "sanitize: AddressSanitizer, LeakSanitizer and ThreadSanitizer found nothing in $(SANITIZE_SUITES)"

sanitize-address: deps
	$(call sanitized-run,address,ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/$(SANITIZERS)/lsan.supp:print_suppressions=0)

sanitize-thread: deps
	$(call sanitized-run,thread,TSAN_OPTIONS=suppressions=$(CURDIR)/$(SANITIZERS)/tsan.supp:halt_on_error=0:exitcode=66)

# $(call sanitized-run,SANITIZER,ENVIRONMENT): builds with SANITIZER into .build-asan or .build-tsan, and
# runs the suites with ENVIRONMENT.
define sanitized-run
	@mkdir -p $(LOGS)
	@# The instrumented link prints ~850 "Cannot export local symbol" lines of gold's: the
	@# build's output stays in its log, and shows only when the build fails.
	$(SWIFT) build --build-tests --sanitize=$(1) --scratch-path .build-$(SANITIZER_DIR_$(1)) \
		> $(LOGS)/sanitize-$(1)-build.log 2>&1 || { tail -n 80 $(LOGS)/sanitize-$(1)-build.log; exit 1; }
	@echo "sanitize: built with --sanitize=$(1) ($(LOGS)/sanitize-$(1)-build.log)"
	$(2) SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) $(TEST_WRAPPER) env TERM=dumb \
		timeout --kill-after=30s $(TEST_TIMEOUT) .build-$(SANITIZER_DIR_$(1))/debug/ReelPackageTests.xctest \
		--testing-library swift-testing --filter '$(SANITIZE_SUITES)' 2>&1 | tee $(LOGS)/sanitize-$(1).log
endef
SANITIZER_DIR_address := asan
SANITIZER_DIR_thread  := tsan

# What `.ci/run` runs after `make test`: the sanitizers, a shortened soak, and one fuzz run whose
# seed is the commit's (the log prints it: `make fuzz FUZZ_SEED=N` replays the run).
deep-check: ## The deep checks CI runs after `make test`: sanitize, soak × 0.3, fuzz of DEEP_FUZZ_COUNT files from the commit's seed
	start=$$SECONDS; $(MAKE) --no-print-directory sanitize-address; \
		echo "deep-check: sanitize-address took $$((SECONDS - start)) s"
	start=$$SECONDS; $(MAKE) --no-print-directory sanitize-thread; \
		echo "deep-check: sanitize-thread took $$((SECONDS - start)) s"
	start=$$SECONDS; $(MAKE) --no-print-directory soak SOAK_SCALE=$(DEEP_SOAK_SCALE); \
		echo "deep-check: soak took $$((SECONDS - start)) s"
	start=$$SECONDS; $(MAKE) --no-print-directory fuzz FUZZ_COUNT=$(DEEP_FUZZ_COUNT) FUZZ_SEED=$(COMMIT_SEED); \
		echo "deep-check: fuzz took $$((SECONDS - start)) s"
	@echo "deep-check: sanitizers, soak (× $(DEEP_SOAK_SCALE)) and fuzz ($(DEEP_FUZZ_COUNT) files from seed $(COMMIT_SEED)) passed"

# Each window picture is taken by Examples/Screenshots from real playback, in a process and on a
# private Xvfb of its own (GUI_WRAPPER), as the window suites run.
WINDOW_SHOTS := controls menu playlist pip stats nowplaying feed idle

screenshots: deps ## Make the pictures in docs/images again: `reel snapshot`, and real windows under Xvfb
	$(call checked-build,screenshots,--product reel)
	$(call checked-build,screenshots-window,--product ReelScreenshots)
	clip=$$($(SWIFT) run $(SPM) --skip-build reel demo --generate-only); \
	$(SWIFT) run $(SPM) --skip-build reel snapshot "$$clip" --at 1.5 --controls --width 960 \
		--out docs/images/snapshot-controls.png; \
	for shot in $(WINDOW_SHOTS); do \
		$(GUI_WRAPPER) timeout --kill-after=10s 120s $(SCRATCH_DIR)/debug/ReelScreenshots \
			"$$shot" "docs/images/window-$$shot.png" "$$clip"; \
	done

clean: ## Remove build products (keeps the fetched packages)
	$(SWIFT) package $(SPM) clean
	rm -rf $(LOGS)

distclean: ## Remove the whole scratch path
	rm -rf $(SCRATCH_DIR)

# Installing and packaging (docs/LICENSES.md, CONTRIBUTING.md). The manual page comes from the
# debug build that `make`/`make test` keep: its text is the argument parser's, the same in
# every configuration, and swift-argument-parser's plugin builds every product first.

dist: deps ## Release build of reel with the Swift runtime linked in (RELEASE_FLAGS), as `make run` builds it
	$(call checked-build,dist,$(RELEASE_FLAGS) --product reel)

manual: ## The manual page reel.1 from the argument parser (swift-argument-parser's generate-manual plugin)
	$(SWIFT) package $(SPM) plugin generate-manual --configuration debug \
		--date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)"

install: dist manual ## Install reel, its manual, completions, desktop entry and icon in $(DESTDIR)$(PREFIX)
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh install --binary $(DIST_BIN) --manual $(MANUAL) --strip

uninstall: ## Remove exactly the files `make install` installs from $(DESTDIR)$(PREFIX)
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh uninstall

deb: dist manual ## The Debian package of the release reel, in $(SCRATCH_DIR)/deb
	scripts/make-deb.sh --binary $(DIST_BIN) --manual $(MANUAL) --out $(SCRATCH_DIR)/deb

deb-check: dist manual ## `make deb`, then check it: lintian, Depends, installed in a throwaway root, run
	deb=$$(scripts/make-deb.sh --binary $(DIST_BIN) --manual $(MANUAL) --out $(SCRATCH_DIR)/deb); \
	scripts/deb-check.sh "$$deb"

# Reuses the debug build of `make build-tests`, so `make test` builds no release.
install-check: manual ## Test install/uninstall and the package on the debug build (part of `make test`)
	scripts/install-check.sh --binary $(DEBUG_BIN) --manual $(MANUAL)
	deb=$$(scripts/make-deb.sh --fast --binary $(DEBUG_BIN) --manual $(MANUAL) --out $(SCRATCH_DIR)/install-check); \
	scripts/deb-check.sh "$$deb" --toolchain-runtime

licenses: ## Print the licences of Reel, its Swift packages and the Debian libraries reel uses
	@scripts/licenses.sh --binary $(if $(wildcard $(DIST_BIN)),$(DIST_BIN),$(DEBUG_BIN)) --checkouts $(SCRATCH_DIR)/checkouts

# Documentation. swift-docc-plugin builds each module's catalogue with its dependencies' archives,
# so a page links another module's symbols as ``/ReelPlayer/Player``, then merges them into one
# static site. Code samples: the catalogues' are files the package compiles (ReelSnippetsTests
# compares them); the doc comments' are type-checked by scripts/check-doc-samples.sh.

docs: deps ## The DocC documentation of every library module as one static site in $(SCRATCH_DIR)/docs
	$(SWIFT) package $(SPM) --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
		$(addprefix --target ,$(DOCS_TARGETS)) --enable-experimental-combined-documentation \
		--output-path $(DOCS_DIR) $(DOCS_FLAGS)
	@echo "docs: $(DOCS_DIR)/index.html (serve the folder over HTTP, e.g. python3 -m http.server -d $(DOCS_DIR))"

# Reuses the debug build of `make build-tests` for the doc-comment samples.
docs-check: ## `make docs` with warnings as errors (broken symbol links fail), and the doc-comment samples compile (part of `make test`)
	$(MAKE) --no-print-directory docs DOCS_FLAGS=--warnings-as-errors
	scripts/check-doc-samples.sh --bin $(SCRATCH_DIR)/debug
