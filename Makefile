# storygraph — the two set-up commands are `make demo` and `make test`; each installs
# the system packages the build needs when pkg-config cannot find them.

SWIFT ?= swift
BIN := .build/debug/storygraph
OUTPUT ?= Output
EXAMPLES := $(wildcard Examples/*.json Examples/*.twee Examples/*.tw Examples/*.html Examples/*.swift Examples/*.m Examples/*.ink Examples/*.yarn Examples/*.yaml Examples/*.yml)
# A ChoiceScript game is a folder holding startup.txt and its scenes.
EXAMPLES += $(patsubst %/startup.txt,%,$(wildcard Examples/*/startup.txt))

.PHONY: demo test deps build release examples bench clean leak-check print-examples fuzz

## Install the C libraries the package links (Graphviz's cgraph/gvc, libxml2).
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

## The example stories `make examples` renders (CI counts the maps against it).
print-examples:
	@echo $(EXAMPLES)

## Run the whole test suite.
test: build
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	STORYGRAPH_SOAK=1 $(SWIFT) test --skip-build --filter RenderMemoryTests

## valgrind on one `map` run: fails if a definitely-lost block comes from our code.
leak-check: build
	@bash .ci/leak-check

## Every libFuzzer target for FUZZ_SECONDS each (default 60); fails on a finding (Fuzz/README.md).
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run

bench: release
	@if [ -x Benchmarks/run ]; then Benchmarks/run; else echo "no Benchmarks/run yet"; exit 1; fi

clean:
	rm -rf .build
