// Preloaded into Node-based hosts under test (NODE_OPTIONS=--require): every host name but
// localhost fails to resolve at once, so the host can reach nothing but the mock on 127.0.0.1
// (Auggie looks up github.com at start).
const dns = require("node:dns");

const LOCAL = new Set(["localhost", "127.0.0.1", "::1"]);
const offline = (hostname) => Object.assign(new Error(`offline test run: ${hostname} is not resolved`), { code: "ENOTFOUND", hostname });

const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (LOCAL.has(hostname)) return lookup.call(this, hostname, options, callback);
  const done = typeof options === "function" ? options : callback;
  process.nextTick(done, offline(hostname));
};
const lookupAsync = dns.promises.lookup;
dns.promises.lookup = async (hostname, options) => {
  if (LOCAL.has(hostname)) return lookupAsync(hostname, options);
  throw offline(hostname);
};
