# Builds, installs and packages checklists (SPEC §10).
#
#   make                     the release executable (Swift runtime linked statically), the manual
#                            page and the completion scripts, in .build/dist
#   make install             installs them under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local)
#   make uninstall           removes exactly what install installed
#   make deb                 checklists_VERSION_ARCH.deb, for dpkg -i
#   make check-install       installs into a temporary folder and checks the result (also run by
#                            Scripts/test.sh)

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift

# The package's Maintainer and Homepage: set here and nowhere else (README, "Install"). The project
# has no mail address and no homepage of its own, so a package you hand out should name you:
#   make deb MAINTAINER="Ann Example <ann@example.net>" HOMEPAGE=https://git.example.net/checklists
# The default maintainer's address says that it reaches no one (.invalid is reserved for that,
# RFC 2606); without a HOMEPAGE the package has no Homepage field.
MAINTAINER ?= checklists developers <no-address@checklists.invalid>
HOMEPAGE ?=

VERSION := $(shell sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/checklists/Version.swift)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
DIST := .build/dist
DEB := checklists_$(VERSION)_$(ARCH).deb

BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/vendor-completions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
UNITDIR = $(PREFIX)/lib/systemd/user

# Installed files, relative to $(DESTDIR): what uninstall removes.
INSTALLED = $(BINDIR)/checklists $(MANDIR)/checklists.1 $(BASHDIR)/checklists $(ZSHDIR)/_checklists \
	$(FISHDIR)/checklists.fish $(UNITDIR)/checklists-watch.service

SOURCES := Package.swift $(shell find Sources -type f)

.PHONY: all install uninstall deb check-install clean

all: $(DIST)/checklists

# One recipe for the manual and the executable: generate-manual builds the release product
# without the static runtime; the static build (Scripts/release-build.sh: the Swift runtime,
# Foundation and libstdc++ linked in) has a folder of its own, since over the same folder it
# could keep the dynamically linked executable, and the result is copied out of reach of later
# builds.
$(DIST)/checklists: $(SOURCES) Scripts/manpage.awk
	mkdir -p $(DIST)
	$(SWIFT) package --allow-writing-to-package-directory generate-manual
	awk -v version=$(VERSION) -f Scripts/manpage.awk .build/plugins/GenerateManual/outputs/checklists/checklists.1 > $(DIST)/checklists.1
	cp "$$(SWIFT=$(SWIFT) Scripts/release-build.sh --product checklists --scratch-path .build/static)/checklists" \
		$(DIST)/checklists.new
	$(DIST)/checklists.new --generate-completion-script bash | sed '1{/^#!/d}' > $(DIST)/checklists.bash
	$(DIST)/checklists.new --generate-completion-script zsh > $(DIST)/_checklists
	$(DIST)/checklists.new --generate-completion-script fish > $(DIST)/checklists.fish
	mv $(DIST)/checklists.new $@

install: $(DIST)/checklists
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) \
		$(DESTDIR)$(FISHDIR) $(DESTDIR)$(UNITDIR)
	install -m 0755 $(DIST)/checklists $(DESTDIR)$(BINDIR)/checklists
	install -m 0644 $(DIST)/checklists.1 $(DESTDIR)$(MANDIR)/checklists.1
	install -m 0644 $(DIST)/checklists.bash $(DESTDIR)$(BASHDIR)/checklists
	install -m 0644 $(DIST)/_checklists $(DESTDIR)$(ZSHDIR)/_checklists
	install -m 0644 $(DIST)/checklists.fish $(DESTDIR)$(FISHDIR)/checklists.fish
	sed 's|@BINDIR@|$(BINDIR)|' Packaging/checklists-watch.service > $(DESTDIR)$(UNITDIR)/checklists-watch.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/checklists-watch.service

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# The package: the same files under /usr, the binary stripped, the manual page compressed, the
# copyright and changelog, and dependencies computed from the binary (dpkg-shlibdeps), with
# libedit2 added: the REPL loads it when it starts (dlopen), so the binary does not name it.
# Packed relative relocations (Scripts/release-build.sh) need the loader of glibc 2.36: the binary
# then names GLIBC_ABI_DT_RELR, a version dpkg-shlibdeps maps to no package version, so the
# libc6 dependency is raised to 2.36 here.
deb: $(DIST)/checklists
	rm -rf $(DIST)/deb && mkdir -p $(DIST)/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DIST)/deb PREFIX=/usr
	strip --strip-unneeded --remove-section=.comment --remove-section=.note $(DIST)/deb/usr/bin/checklists
	gzip -9n $(DIST)/deb/usr/share/man/man1/checklists.1
	install -d $(DIST)/deb/usr/share/doc/checklists $(DIST)/deb/DEBIAN
	install -m 0644 Packaging/copyright $(DIST)/deb/usr/share/doc/checklists/copyright
	sed -e 's/@VERSION@/$(VERSION)/' -e 's|@MAINTAINER@|$(MAINTAINER)|' Packaging/changelog \
		| gzip -9n > $(DIST)/deb/usr/share/doc/checklists/changelog.gz
	chmod 0644 $(DIST)/deb/usr/share/doc/checklists/changelog.gz
	mkdir -p $(DIST)/shlibs/debian
	printf 'Source: checklists\n\nPackage: checklists\nArchitecture: any\n' > $(DIST)/shlibs/debian/control
	cd $(DIST)/shlibs && dpkg-shlibdeps -O $(CURDIR)/$(DIST)/deb/usr/bin/checklists \
		| sed -n 's/^shlibs:Depends=\(.*\)/\1, libedit2/p' > ../depends
	if readelf -V $(DIST)/deb/usr/bin/checklists | grep -q GLIBC_ABI_DT_RELR; then \
		v=$$(sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p' $(DIST)/depends); \
		if [ -n "$$v" ] && dpkg --compare-versions "$$v" lt 2.36; then \
			sed -i "s/libc6 (>= $$v)/libc6 (>= 2.36)/" $(DIST)/depends; \
		fi; \
	fi
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCH@/$(ARCH)/' -e "s/@DEPENDS@/$$(cat $(DIST)/depends)/" \
		-e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DIST)/deb | cut -f1)/" -e 's|@MAINTAINER@|$(MAINTAINER)|' \
		$(if $(HOMEPAGE),-e '/^Priority:/a Homepage: $(HOMEPAGE)') Packaging/control > $(DIST)/deb/DEBIAN/control
	cd $(DIST)/deb && find usr -type f -exec md5sum {} + | sort -k 2 > DEBIAN/md5sums
	dpkg-deb --root-owner-group -Zxz --build $(DIST)/deb $(DEB)

check-install:
	Scripts/test-install.sh

clean:
	rm -rf $(DIST) $(DEB)
