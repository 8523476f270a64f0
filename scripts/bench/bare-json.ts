// Benchmark baseline (a): the cheapest possible JSON answer from Node's own http server.
import { createServer } from "node:http";

const body = JSON.stringify({ success: true, data: { status: "sent", to: "+233241234567", segments: 1 } });
createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
