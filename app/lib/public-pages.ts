// Every public page search engines should know about, in one place: the
// sitemap (/sitemap.xml) is generated from this list. Add a page here when
// you add its route.
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/strategy",
  "/solutions",
  "/creative-tokens",
  "/contact",
  "/careerpage",
  "/collabpage",
  "/investorpage",
  "/createticket",
  "/referrals",
  "/blogpage",
  "/teampage",
  "/companyprofile",
  "/environment",
  "/events",
  "/comingsoon",
  "/helpsupport",
  "/privacy",
  "/termscondition",
  "/refundpolicy",
  "/shipping",
  "/gift",
  "/login",
  "/signup",
] as const;

/** Pages with one URL per content item (a colour, a service, a post): the sitemap expands them. */
export type PageFamilies = {
  solutionColours: readonly string[];
  strategyServices: readonly string[];
  postUrls?: readonly string[];
  articleUrls?: readonly string[];
};

export function sitemapPaths({
  solutionColours,
  strategyServices,
  postUrls = [],
  articleUrls = [],
}: PageFamilies): string[] {
  return [
    ...PUBLIC_PAGES,
    ...solutionColours.map((colour) => `/solutions/${colour}`),
    ...strategyServices.map((service) => `/strategy?${new URLSearchParams({ service })}`),
    ...postUrls,
    ...articleUrls,
  ];
}
