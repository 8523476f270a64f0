-- The names a network trades under, or traded under, as top-up providers' operator lists still write them
-- ("Vodafone Ghana" is Telecel since 2024; "AirtelTigo" is AT): an airtime purchase picks the operator of the
-- network a number is on now by these (docs/decisions.md, "Networks and lookup"). Matched as the operator name's
-- first words, case aside. NULL where the network's own name is the only one (the Prisma list convention).
ALTER TABLE "mobile_networks" ADD COLUMN "trade_names" TEXT[];
UPDATE "mobile_networks" SET "trade_names" = ARRAY['Vodafone'] WHERE "id" = 'gh-telecel';
UPDATE "mobile_networks" SET "trade_names" = ARRAY['AirtelTigo', 'Airtel', 'Tigo'] WHERE "id" = 'gh-airteltigo';
UPDATE "mobile_networks" SET "trade_names" = ARRAY['Etisalat'] WHERE "id" = 'ng-9mobile';
UPDATE "mobile_networks" SET "trade_names" = ARRAY['Telkom Mobile'] WHERE "id" = 'za-telkom';
