# Better Morning: the verbs people use.
#   make run    install what bmd needs, build, run bmd in the foreground
#   make test   install what the tests need, build, run every test
#   make bench  print the benchmarks' figures
#   make generate  write the Swift bindings of the varlink interface files, bmctl's
#                  commands from its command table, the window's compiled resources
#                  and the completion scripts pinned for the tests, again

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# swift with libnotify's flags as SwiftPM takes them without a warning (scripts/quiet-pkg-config).
SWIFT_QUIET = env PKG_CONFIG_PATH="$$(scripts/quiet-pkg-config)" $(SWIFT)
CONFIG ?= debug
BUILD_FLAGS ?= -c $(CONFIG)

# Debian packages needed to build and run bmd and bmctl (the window, better-morning,
# is built only by make test, which installs libadwaita for it).
RUN_PACKAGES := pkg-config libsqlite3-dev libsystemd-dev libnotify-dev
# And to run the tests: faketime sets the daemon's clock in end-to-end tests,
# groff renders the man pages as Debian's man does, mandoc lints them,
# systemd brings systemd-socket-activate.
# dpkg-dev brings dpkg-shlibdeps, which make deb (and the test of its package) needs;
# lintian checks that package as Debian would, desktop-file-validate its launcher; zsh
# completes task titles as bash does, to check that each completed title is one word
# bmctl accepts.
# libadwaita-1-dev builds the window, which its tests show on Xvfb inside dbus-run-session;
# xdotool finds it there by its title, and clicks and types in it; appstreamcli
# (appstream) validates its metainfo; its end-to-end tests read it over AT-SPI as a
# screen reader does (python3-pyatspi, gir1.2-atspi-2.0, on the accessibility bus
# at-spi2-core starts). python3-gi runs a notification server that sends activation
# tokens, as the notification spec's version 1.2 asks (neither dunst nor GNOME Shell 43
# sends one), and the GNOME tests' calls to the shell; xprop (x11-utils) reads the token
# the window was given.
# gnome-shell runs headless as the desktop of the GNOME tests, and gjs runs its
# notification helper (only a Recommends, and install-packages installs none); where
# they cannot be installed those tests are reported as skipped. The app they put in
# front of the window is a GTK 4 window from python3-gi (gir1.2-gtk-4.0).
# glib-compile-resources (libglib2.0-dev-bin) compiles the window's style and layout
# files again, to check that the committed Sources/WindowResources/WindowResources.c is
# up to date.
TEST_PACKAGES := $(RUN_PACKAGES) libadwaita-1-dev libglib2.0-dev-bin python3-venv mandoc groff-base faketime systemd dbus xvfb dunst sqlite3 dpkg-dev lintian tmux zsh desktop-file-utils appstream \
	python3-pyatspi gir1.2-atspi-2.0 xdotool at-spi2-core python3-gi x11-utils gnome-shell gjs gir1.2-gtk-4.0
# And to build the Debian packages, the window's (better-morning-window) included.
DEB_PACKAGES := $(RUN_PACKAGES) libadwaita-1-dev dpkg-dev
# And for the benchmarks: the command-line peers bmctl and bmd are measured against,
# hyperfine to cross-check the start-up timings by hand, and gcc to build bench/load's load generator;
# GNOME Clocks, the window's peer, and python3-xlib, with which bench/window watches the display;
# gdbus (libglib2.0-bin), with which bench/window-week turns the window's pages, and Mesa's
# software GL (libgl1-mesa-dri), with which it draws the window as a desktop's GL does.
BENCH_PACKAGES := $(TEST_PACKAGES) calcurse remind hyperfine gcc gnome-clocks python3-xlib libglib2.0-bin libgl1-mesa-dri

.PHONY: all build run test test-without-window test-window bench install uninstall deb deps test-deps clean generate completions

PREFIX ?= /usr/local
DESTDIR ?=
# Install these binaries instead of building a release (e.g. BIN_DIR=.build/debug).
BIN_DIR ?=
# Where scripts/release builds the programs make install, make deb and make test share.
RELEASE_SCRATCH ?= .build-release
RELEASE = SWIFT="$(SWIFT)" RELEASE_SCRATCH="$(RELEASE_SCRATCH)" scripts/release

all: build

deps:
	@scripts/install-packages $(RUN_PACKAGES)

test-deps:
	@scripts/install-packages $(TEST_PACKAGES)

# Only bmd and bmctl: the window needs libadwaita, which running bmd does not.
build: deps
	$(SWIFT_QUIET) build $(BUILD_FLAGS) --product bmd
	$(SWIFT_QUIET) build $(BUILD_FLAGS) --product bmctl

run: build
	"$$($(SWIFT_QUIET) build $(BUILD_FLAGS) --show-bin-path)/bmd" $(ARGS)

# The Swift bindings of the interface files are committed; a test fails when one is
# out of date. Each is written by varlink-swift, this package's own generator.
# Each binding is written to a temporary file and moved into place only when the
# generator succeeded, so a failing run leaves the committed file as it was.
# The window's resources (its style and fixed layout) are compiled to C the same way,
# by glib-compile-resources, which SwiftPM does not run.
generate:
	scripts/compile-window-resources Sources/WindowResources/WindowResources.c.new && \
	mv Sources/WindowResources/WindowResources.c.new Sources/WindowResources/WindowResources.c || \
	{ rm -f Sources/WindowResources/WindowResources.c.new; exit 1; }
	$(SWIFT) build --product varlink-swift
	$(SWIFT) build --product command-table
	bin="$$($(SWIFT) build --show-bin-path)" && \
	"$$bin/varlink-swift" Sources/MorningProtocol/org.bettermorning.Morning.varlink Morning \
		> Sources/MorningProtocol/Morning.generated.swift.new && \
	mv Sources/MorningProtocol/Morning.generated.swift.new Sources/MorningProtocol/Morning.generated.swift && \
	"$$bin/varlink-swift" Sources/Varlink/org.varlink.service.varlink VarlinkService --in-runtime \
		> Sources/Varlink/VarlinkService.generated.swift.new && \
	mv Sources/Varlink/VarlinkService.generated.swift.new Sources/Varlink/VarlinkService.generated.swift && \
	"$$bin/varlink-swift" Tests/VarlinkTests/org.example.notes.varlink Notes \
		> Tests/VarlinkTests/Notes.generated.swift.new && \
	mv Tests/VarlinkTests/Notes.generated.swift.new Tests/VarlinkTests/Notes.generated.swift && \
	"$$bin/command-table" Sources/MorningControl/bmctl.commands > Sources/MorningControl/Commands.generated.swift.new && \
	mv Sources/MorningControl/Commands.generated.swift.new Sources/MorningControl/Commands.generated.swift; \
	status=$$?; rm -f Sources/MorningProtocol/Morning.generated.swift.new Sources/Varlink/VarlinkService.generated.swift.new \
		Tests/VarlinkTests/Notes.generated.swift.new Sources/MorningControl/Commands.generated.swift.new; \
	exit $$status
	$(MAKE) --no-print-directory completions

# The completion scripts bmctl writes, pinned in Tests/Snapshots so that a change to a
# command's words shows in review; written again from a fresh bmctl.
completions:
	$(SWIFT_QUIET) build --product bmctl
	bin="$$($(SWIFT) build --show-bin-path)" && for pair in bash:bmctl.bash zsh:_bmctl.zsh fish:bmctl.fish; do \
		"$$bin/bmctl" --generate-completion-script "$${pair%%:*}" > "Tests/Snapshots/$${pair#*:}.new" && \
		mv "Tests/Snapshots/$${pair#*:}.new" "Tests/Snapshots/$${pair#*:}" || { rm -f "Tests/Snapshots/$${pair#*:}.new"; exit 1; }; \
	done

# A generic varlink client from PyPI, to prove others can list, describe and call bmd.
VARLINK_VENV := .build-venv
$(VARLINK_VENV)/bin/varlink-ok:
	python3 -m venv $(VARLINK_VENV)
	$(VARLINK_VENV)/bin/pip install -q varlink==31.0.0
	touch $@

# A real iCalendar parser, to check what `bmctl export --format ics` writes.
$(VARLINK_VENV)/bin/icalendar-ok: $(VARLINK_VENV)/bin/varlink-ok
	$(VARLINK_VENV)/bin/pip install -q icalendar==7.3.2
	touch $@

# The end-to-end suite drives the built binaries, so they are built first and their
# folder is handed to the tests.
# The Debian packages are built once, from scripts/release's programs, and the main
# one's path handed on in BM_DEB (the window's is beside it; scripts/deb prints it first).
# scripts/failures-last names the failing tests again at the end of a failed run, where
# the last lines of a long log show them. The window's tests run even when the others
# failed: scripts/test-parts says at the very end how each part went, and its failures.
test: test-deps $(VARLINK_VENV)/bin/varlink-ok $(VARLINK_VENV)/bin/icalendar-ok
	$(SWIFT_QUIET) build $(BUILD_FLAGS)
	@scripts/test-parts "every test but the window's" '$(MAKE) --no-print-directory test-without-window' \
		"the window's tests (make test-window)" '$(MAKE) --no-print-directory test-window'

test-without-window:
	debs="$$(BIN_DIR="$$($(RELEASE))" scripts/deb)" && deb="$$(printf '%s\n' "$$debs" | tail -n 1)" && BM_DEB="$$deb" \
	BM_BIN_DIR="$$($(SWIFT_QUIET) build $(BUILD_FLAGS) --show-bin-path)" BM_VARLINK_PYTHON="$(CURDIR)/$(VARLINK_VENV)/bin/python" \
		scripts/failures-last $(SWIFT_QUIET) test $(BUILD_FLAGS) --skip 'WidgetTests|WindowIdleTests'

# The window's real widgets in the test process, then the real program left idle: each
# on a display of its own (Xvfb) and a session bus of its own, which GTK asks for and
# which would otherwise be started behind the run and outlive it; the idle window alone,
# as other windows on its display would wake it. Cairo draws, as no GPU is there.
WINDOW_TEST = PKG_CONFIG_PATH="$$(scripts/quiet-pkg-config)" GSK_RENDERER=cairo \
	BM_BIN_DIR="$$($(SWIFT_QUIET) build $(BUILD_FLAGS) --show-bin-path)" scripts/failures-last dbus-run-session -- \
	xvfb-run -a $(SWIFT) test $(BUILD_FLAGS)
# Both parts run; it fails when either did.
test-window:
	$(SWIFT_QUIET) build $(BUILD_FLAGS)
	$(WINDOW_TEST) --filter 'WidgetTests'; widgets=$$?; \
	$(WINDOW_TEST) --filter 'WindowIdleTests'; idle=$$?; \
	[ $$widgets -eq 0 ] && [ $$idle -eq 0 ]

# Figures, then one table with each target met or missed. Each script says what it
# measures and how to run it alone (bench/NAME BIN_DIR); bench/lib holds their helpers.
# They measure the programs people install: scripts/release's, as in the .deb.
bench:
	@scripts/install-packages $(BENCH_PACKAGES)
	@bin="$$($(RELEASE))"; summary=$$(mktemp); failed=; \
	for b in bench/*; do \
		[ -f "$$b" ] && [ -x "$$b" ] || continue; \
		echo "== $$b"; BENCH_SUMMARY=$$summary "$$b" "$$bin" || failed="$$failed $$b"; \
	done; \
	bench/lib/summary "$$summary"; rm -f "$$summary"; \
	if [ -n "$$failed" ]; then echo "bench scripts that failed:$$failed" >&2; exit 1; fi

# The same programs as the .deb: scripts/release's, stripped and with Swift's runtime linked in.
# The window and its files come too where libadwaita is installed (pkg-config
# libadwaita-1), as scripts/release then builds it; uninstall removes them in any case.
install:
	scripts/install "$(DESTDIR)" "$(PREFIX)" "$${BIN_DIR:-$$($(RELEASE))}"

uninstall:
	scripts/install --uninstall "$(DESTDIR)" "$(PREFIX)"

# out/better-morning_VERSION_ARCH.deb and the window's, out/better-morning-window_VERSION_ARCH.deb,
# from scripts/release's programs. Swift's
# runtime is linked into them, so they need nothing from /opt/swift, which no Debian
# package provides; what they still load are Debian's libraries, and dpkg-shlibdeps
# writes those into Depends. The time-zone rules come from the system's tzdata through
# the C library, not from the ICU data Foundation carries, so a tzdata update reaches
# bmd without a new package.
deb:
	@scripts/install-packages $(DEB_PACKAGES)
	BIN_DIR="$$($(RELEASE))" scripts/deb

clean:
	rm -rf .build $(RELEASE_SCRATCH) .build-pkgconfig out
