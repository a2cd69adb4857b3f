-- The codes the platforms' own calls need beyond the restaurant's code on the platform (issue 38):
-- Yemeksepeti's chain code (Delivery Hero names a vendor by chain code and POS vendor id in
-- /v2/chains/{chainCode}/remoteVendors/{posVendorId}/availability), Trendyol's store id (a branch
-- under the supplier: /stores/{storeId}/status opens and closes it) and the e-mail Trendyol's
-- order calls name as the person acting (x-executor-user). Identifiers, not secrets: kept plain,
-- beside remote_code.
ALTER TABLE "platform_connections" ADD COLUMN "chain_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "store_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "executor_user" text DEFAULT '' NOT NULL;
