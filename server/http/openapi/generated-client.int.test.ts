// The promise of /api/v1/openapi.json to every generated client (docs/decisions.md, "The document and its tests"):
// a client generated from the document, given the document's own server URL,
// reaches the endpoints. Generated with openapi-typescript, called with
// openapi-fetch, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import openapiTS, { astToString } from "openapi-typescript";
import createClient from "openapi-fetch";
import { serveApi, type ServedApi } from "../../../test/serve-api";
import { apiCustomer } from "../../../test/api";
import { configure } from "../../config/config";

let web: ServedApi;
let restore = () => {};
beforeAll(async () => {
  // The deployment as a client meets it: the front `npm start` serves, the document on the same origin.
  web = await serveApi();
  restore = configure({ KASA_PUBLIC_URL: web.base });
});
afterAll(async () => {
  restore();
  await web.close();
});

describe("a client generated from the OpenAPI document", () => {
  it("is generated, and with the document's server URL it calls the real endpoints", async () => {
    const document = (await (await fetch(`${web.base}/api/v1/openapi.json`)).json()) as {
      servers: { url: string }[];
    };
    const types = astToString(await openapiTS(document as never));
    expect(types).toContain('"/api/v1/sms/send"');
    expect(types).toContain('"/api/v1/email/send"');

    const c = await apiCustomer();
    const client = createClient<any>({
      baseUrl: document.servers[0]!.url,
      headers: { authorization: `Bearer ${c.testKey}` },
    });
    const sent = await client.POST("/api/v1/sms/send", { body: { to: "+233241234567", message: "Hello" } });
    expect(sent.response.status).toBe(200);
    expect(sent.data).toMatchObject({ success: true, data: { status: "sent" } });
    const balance = await client.GET("/api/v1/balance", {});
    expect(balance.response.status).toBe(200);
    expect(new URL(balance.response.url).pathname).toBe("/api/v1/balance");
  });
});
