// The RPC both calculator workers speak (calc-worker.js for Pyodide, mp-worker.js for MicroPython; js/engine.mjs
// is the other end): the page posts {id, type, ...}; the worker answers {id, ok: true, value} or
// {id, ok: false, error: "message"}.
//   {type: "init", ...}     boot(message) once (later inits wait for the same start); replies describe(engine)
//   {type: "call", request} engine.call(JSON text of the request) -> the JSON door's answer, parsed

/** Answer the page's messages in this worker. `boot(message)`: a Promise of {call(requestJSON) ->
 *  responseJSON, ...}; `describe(engine)`: what "init" replies. */
export function serveCalculator(boot, describe) {
  let ready = null;
  const handle = async (msg) => {
    if (msg.type === "init") {
      if (!ready) ready = boot(msg);
      return describe(await ready);
    }
    if (msg.type === "call") {
      if (!ready) throw new Error("the calculator worker was not initialised");
      const engine = await ready;
      return JSON.parse(engine.call(JSON.stringify(msg.request)));
    }
    throw new Error(`unknown message type ${JSON.stringify(msg.type)}`);
  };
  self.onmessage = (event) => {
    const msg = event.data || {};
    handle(msg).then(
      (value) => self.postMessage({ id: msg.id, ok: true, value }),
      (err) => self.postMessage({ id: msg.id, ok: false, error: String((err && err.message) || err) }),
    );
  };
}

/** The response of the first URL of `urls` that answers 200 (fallbacks after the preferred one); throws the
 *  last error otherwise. `what` names the file in the errors. */
export async function fetchFirst(urls, what, signal = undefined) {
  let last = null;
  for (const url of urls) {
    try {
      const res = await fetch(url, { signal });
      if (res.ok) return res;
      last = new Error(`${what}: HTTP ${res.status} for ${url}`);
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error(`${what}: no URL given`);
}
