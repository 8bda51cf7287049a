CREATE TABLE "organisation_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"resent_at" timestamp with time zone,
	CONSTRAINT "organisation_invitations_role_check" CHECK ("organisation_invitations"."role" in ('owner', 'approver', 'billing', 'member'))
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"monthly_token_cap" integer,
	"email_proofs" boolean DEFAULT true NOT NULL,
	"email_payments" boolean DEFAULT true NOT NULL,
	"email_status" boolean DEFAULT true NOT NULL,
	"email_digest" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "organisation_members_role_check" CHECK ("organisation_members"."role" in ('owner', 'approver', 'billing', 'member')),
	CONSTRAINT "organisation_members_cap_check" CHECK ("organisation_members"."monthly_token_cap" is null or "organisation_members"."monthly_token_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_token_hash_key" ON "organisation_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organisation_invitations_organisation_id_idx" ON "organisation_invitations" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "organisation_members_user_id_idx" ON "organisation_members" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'staff', 'organisation'));--> statement-breakpoint
-- Every client becomes a one-person organisation whose account row is the client's own users row, so no data row moves (docs/decisions/0077). Staff get none. Safe to run again.
INSERT INTO "organisations" ("name", "account_id")
SELECT coalesce(nullif(btrim(p."company_name"), ''), nullif(btrim(u."first_name" || ' ' || u."last_name"), ''), u."username"), u."id"
FROM "users" u LEFT JOIN "profiles" p ON p."user_id" = u."id"
WHERE u."role" = 'client'
ON CONFLICT ("account_id") DO NOTHING;--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "created_at")
SELECT o."id", o."account_id", 'owner', u."created_at"
FROM "organisations" o JOIN "users" u ON u."id" = o."account_id"
WHERE u."role" = 'client'
ON CONFLICT ("organisation_id", "user_id") DO NOTHING;
