import { afterAll, beforeAll } from "vitest";
import { FakeWhatsappGraph } from "./fake-whatsapp-graph";
import { configure } from "../server/config/config";

/** For this test file: a local Graph API speaking Meta's Cloud API (WHATSAPP_GRAPH_URL), answering within 500 ms. */
export function useFakeWhatsappGraph(): FakeWhatsappGraph {
  const graph = new FakeWhatsappGraph();
  let restore = () => {};
  beforeAll(async () => {
    await graph.start();
    restore = configure({ WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_TIMEOUT_MS: "500" });
  });
  afterAll(async () => {
    restore();
    await graph.stop();
  });
  return graph;
}
