// The staff console's queue of sender ID applications, per network (docs/decisions.md, "Networks and lookup"): what
// each network has still to decide, oldest first, with what the customer sent (use case, sample, company,
// documents). Read from the pending rows' own index, so its cost is what it shows, whatever the history.
import { db } from "../../db/client";

const PER_NETWORK = 50;

export async function senderIdQueue() {
  const networks = await db().mobileNetwork.findMany({
    where: { senderIds: { some: { status: "pending" } } },
    select: { id: true, slug: true, name: true, countryIso: true },
    orderBy: [{ countryIso: "asc" }, { name: "asc" }],
  });
  return Promise.all(
    networks.map(async (network) => {
      const pending = await db().senderIdNetwork.findMany({
        where: { networkId: network.id, status: "pending" },
        orderBy: { createdAt: "asc" },
        take: PER_NETWORK,
        select: {
          createdAt: true,
          senderId: {
            select: {
              id: true,
              name: true,
              countryIso: true,
              useCase: true,
              sampleMessage: true,
              companyName: true,
              account: { select: { id: true, name: true } },
              documents: { select: { id: true, filename: true, sizeBytes: true }, orderBy: { createdAt: "asc" } },
            },
          },
        },
      });
      return {
        network: { slug: network.slug, name: network.name, country: network.countryIso },
        pending: pending.map((p) => ({ ...p.senderId, appliedAt: p.createdAt.toISOString() })),
      };
    }),
  );
}
