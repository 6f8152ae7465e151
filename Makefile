# Laden: `make run` builds everything and starts the demo shop; `make test` runs the whole suite.
.PHONY: run test web web-deps release clean

WEB_DEPS := web/node_modules/.package-lock.json

run: web release
	./target/release/laden

test:
	bash scripts/test.sh

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $(WEB_DEPS)

web-deps: $(WEB_DEPS)

web: web-deps
	cd web && npm run build

release:
	cargo build --release -p laden

clean:
	cargo clean
	rm -rf web/dist web/node_modules
