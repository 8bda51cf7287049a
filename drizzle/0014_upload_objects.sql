CREATE TABLE "upload_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "upload_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "upload_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_objects_size_check" CHECK ("upload_objects"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_key_upload_objects_key_fk" FOREIGN KEY ("key") REFERENCES "public"."upload_objects"("key") ON DELETE cascade ON UPDATE no action;