-- WhatsApp templates (issue #42, point 2): each connected number's message templates as Meta's WhatsApp Business
-- Account lists them (GET /{waba_id}/message_templates), kept so a send can check one is approved without asking Meta,
-- refreshed on demand and by the worker. Meta's own id is the key; a name and language is one template.
CREATE TABLE "whatsapp_templates" (
  "number_id" TEXT NOT NULL REFERENCES "whatsapp_numbers"("id") ON DELETE CASCADE,
  "meta_id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "language" TEXT NOT NULL,
  "category" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "body" TEXT,
  "variables" INTEGER NOT NULL DEFAULT 0,
  "components" JSONB NOT NULL,
  "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("number_id", "meta_id")
);
CREATE UNIQUE INDEX "whatsapp_templates_number_id_name_language_key" ON "whatsapp_templates"("number_id", "name", "language");

-- When a number's templates were last read from Meta (null: never).
ALTER TABLE "whatsapp_numbers" ADD COLUMN "templates_synced_at" TIMESTAMPTZ(3);
