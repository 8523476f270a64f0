-- Networks as data (docs/decisions.md, "Networks"): a country's mobile networks, their MCC and MNCs, and the number
-- ranges first allocated to each. Ghana from the NCA's numbering plan as Kasa's top-ups already used it (MTN, Telecel,
-- AT, and Glo on 023); Nigeria from the NCC's allocations; Kenya and South Africa from libphonenumber's carrier
-- metadata (resources/carrier/en, Apache 2.0), mobile ranges only. A number that moved networks is a lookup's
-- business (number portability): these say where a range started.
CREATE TABLE "mobile_networks" (
    "id" TEXT NOT NULL,
    "country_iso" CHAR(2) NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mcc" VARCHAR(3) NOT NULL,
    "mncs" TEXT[],
    CONSTRAINT "mobile_networks_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "mobile_networks_country_iso_slug_key" ON "mobile_networks"("country_iso", "slug");

CREATE TABLE "mobile_network_prefixes" (
    "country_iso" CHAR(2) NOT NULL,
    "prefix" TEXT NOT NULL,
    "network_id" TEXT NOT NULL,
    CONSTRAINT "mobile_network_prefixes_pkey" PRIMARY KEY ("country_iso", "prefix"),
    CONSTRAINT "mobile_network_prefixes_network_id_fkey" FOREIGN KEY ("network_id") REFERENCES "mobile_networks"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "mobile_network_prefixes_network_id_idx" ON "mobile_network_prefixes"("network_id");

INSERT INTO "mobile_networks" ("id", "country_iso", "slug", "name", "mcc", "mncs") VALUES
  ('gh-mtn', 'GH', 'mtn', 'MTN', '620', ARRAY['01']),
  ('gh-telecel', 'GH', 'telecel', 'Telecel', '620', ARRAY['02']),
  ('gh-airteltigo', 'GH', 'airteltigo', 'AT', '620', ARRAY['03', '06']),
  ('gh-glo', 'GH', 'glo', 'Glo', '620', ARRAY['07']),
  ('ng-mtn', 'NG', 'mtn', 'MTN', '621', ARRAY['30']),
  ('ng-airtel', 'NG', 'airtel', 'Airtel', '621', ARRAY['20']),
  ('ng-glo', 'NG', 'glo', 'Glo', '621', ARRAY['50']),
  ('ng-9mobile', 'NG', '9mobile', '9mobile', '621', ARRAY['60']),
  ('ke-safaricom', 'KE', 'safaricom', 'Safaricom', '639', ARRAY['02']),
  ('ke-airtel', 'KE', 'airtel', 'Airtel', '639', ARRAY['03']),
  ('ke-telkom', 'KE', 'telkom', 'Telkom', '639', ARRAY['07']),
  ('za-vodacom', 'ZA', 'vodacom', 'Vodacom', '655', ARRAY['01']),
  ('za-mtn', 'ZA', 'mtn', 'MTN', '655', ARRAY['10']),
  ('za-cellc', 'ZA', 'cellc', 'Cell C', '655', ARRAY['07']),
  ('za-telkom', 'ZA', 'telkom', 'Telkom', '655', ARRAY['02']);

INSERT INTO "mobile_network_prefixes" ("country_iso", "prefix", "network_id") VALUES
  ('GH', '24', 'gh-mtn'), ('GH', '25', 'gh-mtn'), ('GH', '53', 'gh-mtn'), ('GH', '54', 'gh-mtn'), ('GH', '55', 'gh-mtn'), ('GH', '59', 'gh-mtn'),
  ('GH', '20', 'gh-telecel'), ('GH', '50', 'gh-telecel'),
  ('GH', '26', 'gh-airteltigo'), ('GH', '27', 'gh-airteltigo'), ('GH', '56', 'gh-airteltigo'), ('GH', '57', 'gh-airteltigo'),
  ('GH', '23', 'gh-glo'),
  ('NG', '703', 'ng-mtn'), ('NG', '706', 'ng-mtn'), ('NG', '803', 'ng-mtn'), ('NG', '806', 'ng-mtn'), ('NG', '810', 'ng-mtn'), ('NG', '813', 'ng-mtn'), ('NG', '814', 'ng-mtn'), ('NG', '816', 'ng-mtn'), ('NG', '903', 'ng-mtn'), ('NG', '906', 'ng-mtn'), ('NG', '913', 'ng-mtn'), ('NG', '916', 'ng-mtn'),
  ('NG', '701', 'ng-airtel'), ('NG', '708', 'ng-airtel'), ('NG', '802', 'ng-airtel'), ('NG', '808', 'ng-airtel'), ('NG', '812', 'ng-airtel'), ('NG', '901', 'ng-airtel'), ('NG', '902', 'ng-airtel'), ('NG', '904', 'ng-airtel'), ('NG', '907', 'ng-airtel'), ('NG', '912', 'ng-airtel'),
  ('NG', '705', 'ng-glo'), ('NG', '805', 'ng-glo'), ('NG', '807', 'ng-glo'), ('NG', '811', 'ng-glo'), ('NG', '815', 'ng-glo'), ('NG', '905', 'ng-glo'), ('NG', '915', 'ng-glo'),
  ('NG', '809', 'ng-9mobile'), ('NG', '817', 'ng-9mobile'), ('NG', '818', 'ng-9mobile'), ('NG', '908', 'ng-9mobile'), ('NG', '909', 'ng-9mobile'),
  ('KE', '70', 'ke-safaricom'), ('KE', '71', 'ke-safaricom'), ('KE', '72', 'ke-safaricom'), ('KE', '79', 'ke-safaricom'), ('KE', '110', 'ke-safaricom'), ('KE', '111', 'ke-safaricom'),
  ('KE', '73', 'ke-airtel'), ('KE', '78', 'ke-airtel'), ('KE', '100', 'ke-airtel'), ('KE', '101', 'ke-airtel'), ('KE', '102', 'ke-airtel'),
  ('KE', '77', 'ke-telkom'),
  ('ZA', '606', 'za-vodacom'), ('ZA', '607', 'za-vodacom'), ('ZA', '608', 'za-vodacom'), ('ZA', '609', 'za-vodacom'), ('ZA', '636', 'za-vodacom'), ('ZA', '637', 'za-vodacom'), ('ZA', '646', 'za-vodacom'), ('ZA', '647', 'za-vodacom'), ('ZA', '648', 'za-vodacom'), ('ZA', '649', 'za-vodacom'), ('ZA', '660', 'za-vodacom'), ('ZA', '661', 'za-vodacom'), ('ZA', '662', 'za-vodacom'), ('ZA', '663', 'za-vodacom'), ('ZA', '664', 'za-vodacom'), ('ZA', '665', 'za-vodacom'), ('ZA', '673', 'za-vodacom'), ('ZA', '674', 'za-vodacom'), ('ZA', '675', 'za-vodacom'), ('ZA', '71', 'za-vodacom'), ('ZA', '72', 'za-vodacom'), ('ZA', '76', 'za-vodacom'), ('ZA', '79', 'za-vodacom'), ('ZA', '818', 'za-vodacom'), ('ZA', '82', 'za-vodacom'),
  ('ZA', '603', 'za-mtn'), ('ZA', '604', 'za-mtn'), ('ZA', '605', 'za-mtn'), ('ZA', '63', 'za-mtn'), ('ZA', '640', 'za-mtn'), ('ZA', '655', 'za-mtn'), ('ZA', '656', 'za-mtn'), ('ZA', '657', 'za-mtn'), ('ZA', '686', 'za-mtn'), ('ZA', '687', 'za-mtn'), ('ZA', '688', 'za-mtn'), ('ZA', '689', 'za-mtn'), ('ZA', '710', 'za-mtn'), ('ZA', '717', 'za-mtn'), ('ZA', '718', 'za-mtn'), ('ZA', '719', 'za-mtn'), ('ZA', '73', 'za-mtn'), ('ZA', '78', 'za-mtn'), ('ZA', '810', 'za-mtn'), ('ZA', '83', 'za-mtn'),
  ('ZA', '61', 'za-cellc'), ('ZA', '62', 'za-cellc'), ('ZA', '641', 'za-cellc'), ('ZA', '642', 'za-cellc'), ('ZA', '643', 'za-cellc'), ('ZA', '644', 'za-cellc'), ('ZA', '645', 'za-cellc'), ('ZA', '650', 'za-cellc'), ('ZA', '651', 'za-cellc'), ('ZA', '652', 'za-cellc'), ('ZA', '653', 'za-cellc'), ('ZA', '654', 'za-cellc'), ('ZA', '74', 'za-cellc'), ('ZA', '84', 'za-cellc'),
  ('ZA', '601', 'za-telkom'), ('ZA', '602', 'za-telkom'), ('ZA', '614', 'za-telkom'), ('ZA', '658', 'za-telkom'), ('ZA', '659', 'za-telkom'), ('ZA', '67', 'za-telkom'), ('ZA', '68', 'za-telkom'), ('ZA', '75', 'za-telkom'), ('ZA', '811', 'za-telkom'), ('ZA', '812', 'za-telkom'), ('ZA', '813', 'za-telkom'), ('ZA', '814', 'za-telkom'), ('ZA', '815', 'za-telkom'), ('ZA', '817', 'za-telkom');

-- Ghana's ranges were the top-ups' own table; the networks table is now the one place they live.
DROP TABLE "gh_network_prefixes";
