# storygraph — the two set-up commands are `make demo` and `make test`; each installs
# the system packages the build needs when pkg-config cannot find them.

SWIFT ?= swift
BIN := .build/debug/storygraph
OUTPUT ?= Output
EXAMPLES := $(wildcard Examples/*.json Examples/*.twee Examples/*.tw Examples/*.html Examples/*.swift Examples/*.m Examples/*.ink Examples/*.yarn Examples/*.yaml Examples/*.yml)
# A ChoiceScript game is a folder holding startup.txt and its scenes.
EXAMPLES += $(patsubst %/startup.txt,%,$(wildcard Examples/*/startup.txt))
# A Ren'Py game of one script file.
EXAMPLES += $(wildcard Examples/*.rpy)

.PHONY: demo test test-long test-lsp test-mcp deps build release examples bench clean leak-check print-examples fuzz install install-files uninstall docs format deb test-package test-pre-commit

## Install the C libraries the package links (Graphviz's cgraph/gvc, libxml2, libyaml,
## fontconfig) and the fonts that cover Hangul, CJK and emoji (fonts-noto-cjk, fonts-noto-color-emoji).
deps:
	@bash .ci/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## Build, then render every example into Output/ (SVG and DOT beside it).
demo: build examples
	@echo
	$(BIN) report Examples/lighthouse.json
	@echo
	@echo "Maps are in $(OUTPUT)/: open $(OUTPUT)/harbour.svg in a browser."

## Render every example into $(OUTPUT)/ (used by CI with a temporary folder).
examples: build
	@mkdir -p $(OUTPUT)
	@set -e; for story in $(EXAMPLES); do \
	  name=$$(basename "$$story"); name=$${name%.*}; \
	  $(BIN) map "$$story" --quiet -o "$(OUTPUT)/$$name.svg"; \
	  $(BIN) dot "$$story" --quiet > "$(OUTPUT)/$$name.dot"; \
	  echo "rendered $$story -> $(OUTPUT)/$$name.svg"; \
	done
	@$(BIN) map Examples/harbour.json --heat --quiet -o $(OUTPUT)/harbour-heat.svg
	@echo "rendered the heat map of Examples/harbour.json -> $(OUTPUT)/harbour-heat.svg"
	@$(BIN) map Examples/toll-bridge.json --state --quiet -o $(OUTPUT)/toll-bridge-state.svg
	@echo "rendered Examples/toll-bridge.json under state (never-true choices dashed grey) -> $(OUTPUT)/toll-bridge-state.svg"
	@$(BIN) map Examples/clockwork.html --layout twine --quiet -o $(OUTPUT)/clockwork-twine-layout.svg
	@echo "rendered Examples/clockwork.html in Twine's own layout -> $(OUTPUT)/clockwork-twine-layout.svg"
	@$(BIN) report Examples/lighthouse.json --format html --quiet -o $(OUTPUT)/lighthouse-report.html
	@echo "wrote the HTML report of Examples/lighthouse.json -> $(OUTPUT)/lighthouse-report.html"
	@$(BIN) map Examples/harbour.json --format html --heat --quiet -o $(OUTPUT)/harbour-report.html
	@echo "wrote the HTML report of Examples/harbour.json, with heat -> $(OUTPUT)/harbour-report.html"
	@if command -v chromium >/dev/null; then \
	  python3 Tests/tools/html-report-browser.py $(OUTPUT)/harbour-report.html bell-ringer chapel --size 1400x900 --screenshot $(OUTPUT)/harbour-report.png >/dev/null \
	  && echo "screenshot of the report, searched for 'bell-ringer', the chapel's panel open -> $(OUTPUT)/harbour-report.png"; \
	else echo "no chromium: no screenshot of the HTML report (make deps installs it)"; fi
	@if command -v chromium >/dev/null; then \
	  big=$$(mktemp -d); \
	  $(BIN) generate gamebook 10000 --quiet -o "$$big/gamebook-10000.json" \
	  && $(BIN) report "$$big/gamebook-10000.json" --format html --quiet -o "$$big/gamebook-10000.html" \
	  && python3 Tests/tools/html-report-browser.py "$$big/gamebook-10000.html" "Section 7000." p7000 --overview --size 1400x900 --screenshot $(OUTPUT)/gamebook-10000-overview.png >/dev/null \
	  && echo "screenshot of a 10,000-passage gamebook's report, opened on its chapters -> $(OUTPUT)/gamebook-10000-overview.png"; \
	  status=$$?; rm -rf "$$big"; exit $$status; \
	fi

## The example stories `make examples` renders (CI counts the maps against it).
print-examples:
	@echo $(EXAMPLES)

## Run the test suite (the long tests left out: `make test-long` runs them).
test: build
	$(SWIFT) build --build-tests
	@start=$$(date +%s); status=0; $(SWIFT) test --skip-build || status=$$?; \
	  echo "swift test took $$(( $$(date +%s) - start )) s"; exit $$status

## The long tests `make test` leaves out (STORYGRAPH_LONG=1: scale, soak and timing tests
## that need their size), then the render soak, alone in its own process. CI runs it after
## `make test`.
LONG_TESTS := TwineLargestStoryTests|LoaderScalingTests|HostileInputTests|LoaderConformanceTests|SuggestionTests|PlaythroughLengthExamplesTests
test-long: build
	$(SWIFT) build --build-tests
	@start=$$(date +%s); status=0; STORYGRAPH_LONG=1 $(SWIFT) test --skip-build --filter '$(LONG_TESTS)' || status=$$?; \
	  echo "swift test (long) took $$(( $$(date +%s) - start )) s"; exit $$status
	STORYGRAPH_SOAK=1 $(SWIFT) test --skip-build --filter RenderMemoryTests

## The language server's end-to-end tests (Tests/editors/lsp): a real LSP client
## (pytest-lsp, pinned in Tests/editors/lsp/requirements.txt, installed into .build/lsp-venv
## when missing) drives `storygraph lsp` on a Twee, an ink, a Yarn and a ChoiceScript story.
## CI runs it after `make test`.
test-lsp: build
	STORYGRAPH=$(BIN) bash .ci/lsp-tests

## `storygraph mcp` end to end through the official MCP Python SDK's client (pinned in
## Tests/editors/mcp/requirements.txt, installed into .build/mcp-venv when missing).
## CI runs it after `make test`.
test-mcp: build
	STORYGRAPH=$(BIN) bash Tests/editors/mcp/run

## Build the DocC catalogue of every library (Sources/*/*.docc), warnings as errors.
docs: deps
	@bash .ci/docs

## Format every Swift file of ours with the toolchain's swift-format and the root .swift-format
## (not the stories under Tests/Fixtures, which are inputs, formatted as their writers left them).
format:
	find Package.swift Sources Fuzz Tests -name '*.swift' -not -path 'Tests/Fixtures/*' -print0 \
	  | xargs -0 swift-format format --in-place --parallel

## valgrind on one `map` run: fails if a definitely-lost block comes from our code.
leak-check: build
	@bash .ci/leak-check

## Every libFuzzer target for FUZZ_SECONDS each (default 60); fails on a finding (Fuzz/README.md).
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run

## Install the release binary, the manual page and the bash, zsh and fish completions
## under PREFIX (default /usr/local; DESTDIR for staging). The page and the completions
## are generated by the binary from its own command declarations.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?= .build/release/storygraph
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# A value as one shell word, whatever it holds (spaces, quotes, globs): single-quoted, each
# ' as '\''. Every path below reaches the shell through it, never bare.
quote = '$(subst ','\'',$(1))'
INSTALLED = $(call quote,$(BINDIR)/storygraph) $(call quote,$(MANDIR)/storygraph.1) $(call quote,$(BASHDIR)/storygraph) \
	$(call quote,$(ZSHDIR)/_storygraph) $(call quote,$(FISHDIR)/storygraph.fish)

install: release install-files

## The install steps after the build: INSTALL_BIN is the binary to install.
install-files:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && set -e; \
	  $(call quote,$(INSTALL_BIN)) help --man > "$$tmp/storygraph.1"; \
	  $(call quote,$(INSTALL_BIN)) completions bash > "$$tmp/bash"; \
	  $(call quote,$(INSTALL_BIN)) completions zsh > "$$tmp/zsh"; \
	  $(call quote,$(INSTALL_BIN)) completions fish > "$$tmp/fish"; \
	  install -d -- $(call quote,$(BINDIR)) $(call quote,$(MANDIR)) $(call quote,$(BASHDIR)) $(call quote,$(ZSHDIR)) $(call quote,$(FISHDIR)); \
	  install -m 755 -- $(call quote,$(INSTALL_BIN)) $(call quote,$(BINDIR)/storygraph); \
	  install -m 644 -- "$$tmp/storygraph.1" $(call quote,$(MANDIR)/storygraph.1); \
	  install -m 644 -- "$$tmp/bash" $(call quote,$(BASHDIR)/storygraph); \
	  install -m 644 -- "$$tmp/zsh" $(call quote,$(ZSHDIR)/_storygraph); \
	  install -m 644 -- "$$tmp/fish" $(call quote,$(FISHDIR)/storygraph.fish)
	@for file in $(INSTALLED); do echo "installed $$file"; done

uninstall:
	@rm -f -- $(INSTALLED)

## storygraph_<version>_<arch>.deb (DEB_OUT: the folder, default here): a release build with the
## Swift runtime linked statically, depending only on Debian runtime packages (Packaging/make-deb).
deb: deps
	@DEB_OUT=$(call quote,$(or $(DEB_OUT),.)) bash Packaging/make-deb

## Build the .deb, install it with apt-get into a fresh Debian 12 root made with debootstrap,
## and run report and map there (root only; CI runs it after make test-long).
test-package: deps
	bash Packaging/test-deb

## The pre-commit hook (.pre-commit-hooks.yaml) under `pre-commit try-repo`, pre-commit pinned
## from PyPI: a good commit passes, a broken link is refused (CI runs it).
test-pre-commit: build
	bash Tests/tools/test-pre-commit.sh

bench: release
	@if [ -x Benchmarks/run ]; then Benchmarks/run; else echo "no Benchmarks/run yet"; exit 1; fi

clean:
	rm -rf .build
