CREATE TABLE "razorpay_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text DEFAULT '' NOT NULL
);
