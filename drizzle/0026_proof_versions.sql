ALTER TABLE "proof_deliverables" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "proof_deliverables" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "proof_deliverables" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "proof_pages" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "proof_pages" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "proof_pages" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "proof_pages" ADD CONSTRAINT "proof_pages_thumb_key_unique" UNIQUE("thumb_key");--> statement-breakpoint
ALTER TABLE "proof_deliverables" ADD CONSTRAINT "proof_deliverables_sha256_check" CHECK ("proof_deliverables"."sha256" is null or "proof_deliverables"."sha256" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "proof_deliverables" ADD CONSTRAINT "proof_deliverables_size_px_check" CHECK (("proof_deliverables"."width" is null and "proof_deliverables"."height" is null) or ("proof_deliverables"."width" >= 1 and "proof_deliverables"."height" >= 1));--> statement-breakpoint
ALTER TABLE "proof_pages" ADD CONSTRAINT "proof_pages_size_px_check" CHECK (("proof_pages"."width" is null and "proof_pages"."height" is null) or ("proof_pages"."width" >= 1 and "proof_pages"."height" >= 1));