// The roles the careers page lists and the application form offers: one list,
// kept in content/ because the careers page's content (content-pages.ts) checks
// its positions against it, and content sits left of forms in the domain order
// (docs/decisions/0066-domain-order.md). models/forms/applications.ts re-exports it.

export const CAREER_ROLES = [
  { value: "frontend_developer", label: "Frontend developer" },
  { value: "backend_developer", label: "Backend developer" },
  { value: "fullstack_developer", label: "Full-stack developer" },
  { value: "mobile_developer", label: "Mobile developer" },
  { value: "ui_ux_designer", label: "UI/UX designer" },
  { value: "graphic_designer", label: "Graphic designer" },
  { value: "brand_designer", label: "Brand designer" },
  { value: "motion_designer", label: "Motion designer" },
  { value: "video_editor", label: "Video editor" },
  { value: "3d_artist", label: "3D artist" },
  { value: "sound_designer", label: "Sound designer" },
  { value: "content_writer", label: "Content writer" },
  { value: "copywriter", label: "Copywriter" },
  { value: "social_media_manager", label: "Social media manager" },
  { value: "digital_marketer", label: "Digital marketer" },
  { value: "seo_specialist", label: "SEO specialist" },
  { value: "project_manager", label: "Project manager" },
  { value: "ai_ml_engineer", label: "AI/ML engineer" },
  { value: "ar_vr_developer", label: "AR/VR developer" },
  { value: "other", label: "Other" },
] as const;
