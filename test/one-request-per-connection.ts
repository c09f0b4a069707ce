// The node and browser tests talk to Workers under `wrangler dev`. With keep-alive, a request now and then went out on a
// pooled connection the dev server was closing at that moment, and failed with "other side closed" although the server
// was well (seen on a loaded machine). A connection per request takes that race away; the cost is a handshake on
// localhost.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
