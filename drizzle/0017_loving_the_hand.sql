CREATE TABLE "token_expiry_reminders" (
	"lot_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"tokens" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_expiry_reminders_lot_id_days_before_pk" PRIMARY KEY("lot_id","days_before"),
	CONSTRAINT "token_expiry_reminders_days_check" CHECK ("token_expiry_reminders"."days_before" in (30, 7, 1))
);
--> statement-breakpoint
ALTER TABLE "token_expiry_reminders" ADD CONSTRAINT "token_expiry_reminders_lot_id_token_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."token_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_expiry_reminders" ADD CONSTRAINT "token_expiry_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_expiry_reminders_user_id_idx" ON "token_expiry_reminders" USING btree ("user_id");