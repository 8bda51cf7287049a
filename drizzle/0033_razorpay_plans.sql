CREATE TABLE "razorpay_plans" (
	"key" text PRIMARY KEY NOT NULL,
	"razorpay_plan_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
