// A real DNS server on 127.0.0.1 (UDP, dns-packet) answering A, AAAA, TXT and MX
// queries from a table the test fills, so domain verification goes through
// node's own resolver end to end.
import { createSocket, type Socket } from "node:dgram";
import * as packet from "dns-packet";

type Zone = Map<
  string,
  { A?: string[]; AAAA?: string[]; TXT?: string[]; MX?: { exchange: string; preference: number }[] }
>;

export class TestDnsServer {
  readonly zone: Zone = new Map();
  private socket?: Socket;
  address = "";

  async start(port = 0): Promise<this> {
    this.socket = createSocket("udp4");
    this.socket.on("message", (message, remote) => {
      const query = packet.decode(message);
      const question = query.questions?.[0];
      const entry = question ? this.zone.get(question.name.toLowerCase()) : undefined;
      const answers: packet.Answer[] = [];
      if (question?.type === "TXT")
        for (const text of entry?.TXT ?? [])
          answers.push({
            type: "TXT",
            name: question.name,
            ttl: 60,
            class: "IN",
            data: text.match(/.{1,255}/g) ?? [""],
          }); // a TXT string holds 255 bytes
      // Addresses in the order given: a name can answer a public address first and a private one second.
      if (question?.type === "A" || question?.type === "AAAA")
        for (const address of entry?.[question.type] ?? [])
          answers.push({ type: question.type, name: question.name, ttl: 0, class: "IN", data: address });
      if (question?.type === "MX")
        for (const mx of entry?.MX ?? [])
          answers.push({ type: "MX", name: question.name, ttl: 60, class: "IN", data: mx });
      const response = packet.encode({
        id: query.id,
        type: "response",
        flags: packet.AUTHORITATIVE_ANSWER | (entry ? 0 : 3),
        questions: query.questions,
        answers,
      });
      this.socket!.send(response, remote.port, remote.address);
    });
    await new Promise<void>((resolve) => this.socket!.bind(port, "127.0.0.1", resolve));
    this.address = `127.0.0.1:${this.socket.address().port}`;
    return this;
  }

  publishTxt(name: string, value: string) {
    const entry = this.zone.get(name) ?? {};
    entry.TXT = [...(entry.TXT ?? []), value];
    this.zone.set(name, entry);
  }

  publishMx(name: string, exchange: string, preference = 10) {
    const entry = this.zone.get(name) ?? {};
    entry.MX = [...(entry.MX ?? []), { exchange, preference }];
    this.zone.set(name, entry);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
  }
}
