'use strict';
// Loads the addon: the one `build.sh` left beside this file (in the repository), or else the
// package of this platform (`wallet-sdk-linux-x64-gnu`…), installed through optionalDependencies.

const { existsSync } = require('node:fs');
const { join } = require('node:path');

/** `linux-x64-gnu`, `linux-arm64-musl`, `darwin-arm64`… */
function platformTag() {
  const { platform, arch } = process;
  if (platform !== 'linux') return `${platform}-${arch}`;
  // glibc reports its version; musl does not
  const glibc = process.report?.getReport?.().header?.glibcVersionRuntime;
  return `${platform}-${arch}-${glibc ? 'gnu' : 'musl'}`;
}

const tag = platformTag();
const local = join(__dirname, `wallet-sdk.${tag}.node`);
module.exports = existsSync(local) ? require(local) : require(`wallet-sdk-${tag}`);
