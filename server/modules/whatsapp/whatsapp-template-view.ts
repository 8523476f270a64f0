// A template as the API shows it: what a send names (name and language), whether it may be sent (status), what it
// costs by (category), and its body with the number of variables a send fills.
export function whatsappTemplateView(t: {
  metaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  body: string | null;
  variables: number;
  syncedAt: Date;
}) {
  return {
    id: t.metaId,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    body: t.body,
    variables: t.variables,
    synced_at: t.syncedAt.toISOString(),
  };
}
