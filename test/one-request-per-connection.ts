// The node and browser tests talk to Workers on local sockets. With keep-alive, a request now and then went out on a
// pooled connection the server was closing at that moment, idle for its 5 s, and failed with "other side closed"
// although the server was well (seen on a loaded machine, where timers run late). A connection per request takes that
// race away; the cost is a handshake on localhost.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
