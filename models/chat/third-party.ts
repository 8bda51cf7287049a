import { spellOut } from "./text";

// Other companies' names and products (decision 0086): a question that names
// one asks about their prices, their software, their devices or their jobs
// ("canva pro price", "how do i export in capcut", "macbook air m3",
// "tcs careers"), which the site does not answer, even when it shares a word
// with a service ("pro", "video", "logo", "careers"). Written from general
// knowledge of common tools, devices, platforms and agencies, not from any
// question set. The channels the agency works on (Instagram, YouTube,
// LinkedIn, WhatsApp, Google search, iPhone and Android apps) are not here:
// "can u handle instagram for our restaurant" is a question for the site. A
// name the passage itself uses ("Headset and browser versions") or lists among
// the ways visitors ask about it (seeds/chat-synonyms.json) is in scope for it.

/** Lower-case names, one word each (written as visitors type them). */
const NAMES = `
adobe photoshop illustrator indesign lightroom premiere aftereffects acrobat firefly
canva figma capcut davinci finalcut imovie procreate blender coreldraw corel inkscape gimp
kinemaster inshot filmora picsart snapseed vsco audacity garageband ableton flstudio
midjourney chatgpt openai gpt dalle copilot gemini claude perplexity grammarly
wix squarespace wordpress shopify webflow godaddy hostinger bluehost namecheap
flutter dreamweaver elementor woocommerce magento
fiverr upwork 99designs toptal behance dribbble
ogilvy wpp dentsu publicis mccann havas
netflix amazon flipkart myntra meesho swiggy zomato zepto blinkit bigbasket
spotify gaana jiosaavn hotstar primevideo
zoom skype
outlook hotmail yahoo protonmail telegram paytm phonepe
microsoft powerpoint trello asana jira hubspot salesforce zoho mailchimp hootsuite
apple macbook imac ipad airpods samsung galaxy oneplus xiaomi redmi realme vivo oppo nokia motorola
dell hp lenovo asus acer msi
gopro dji nikon canon sony fujifilm panasonic shure boya
tcs infosys wipro accenture deloitte cognizant capgemini hcl
airtel jio vodafone bsnl mtnl hathway tataplay dishtv
spicejet vistara airasia emirates lufthansa
hdfc icici sbi kotak
nykaa ajio snapdeal ebay alibaba aliexpress
zee5 sonyliv jiocinema
oyo makemytrip goibibo airbnb
byjus unacademy udemy coursera
nike adidas puma cocacola pepsi tesla uber ola rapido irctc
looka tailorbrands vistaprint printful printify envato shutterstock freepik unsplash pexels istock
gettyimages storyblocks artlist semrush ahrefs ubersuggest sproutsocial mailerlite sendinblue brevo klaviyo
dropbox onedrive icloud evernote todoist clickup airtable miro loom calendly typeform
quickbooks freshbooks xero razorpayx cashfree instamojo
audible kindle applemusic youtubemusic disney hulu hbo crunchyroll tinder bumble
cultfit curefit practo pharmeasy lenskart tanishq bookmyshow paisabazaar policybazaar zerodha groww upstox
dunzo urbanclap agoda expedia trivago cleartrip ixigo redbus
aws azure cloudflare netlify vercel heroku digitalocean
delhivery dtdc bluedart ekart xpressbees shadowfax fedex dhl aramex
namshi talabat careem lazada shopee tokopedia gojek
glassdoor internshala foundit
`;

/**
 * Devices and gear the agency neither sells nor advises on ("best mic for
 * podcast recording", "which laptop for editing"): read like a name.
 */
const PRODUCTS = `
laptop laptops computer computers pc desktop printer printers camera cameras webcam dslr lens lenses
mic mics microphone microphones headphones headphone headset earphones earbuds speaker speakers
tripod gimbal drone drones monitor monitors keyboard tablet tablets smartwatch tv television router
ssd gpu processor smartphone smartphones
`;

/** Two-word names, matched as phrases. */
const PHRASE_NAMES = [
  "after effects",
  "blue dart",
  "ecom express",
  "final cut",
  "premiere pro",
  "google ads",
  // "docs" is spelled out before the names are looked for (./vocabulary.ts).
  "google documents",
  "google sheets",
  "google drive",
  "google pay",
  "whatsapp web",
  "fl studio",
  "prime video",
  "ms office",
  "microsoft office",
  "coca cola",
  "tata consultancy",
  "air india",
  "tata play",
  "bank of baroda",
  "urban company",
  "linkedin premium",
  "youtube premium",
  "meta verified",
  "microsoft teams",
  "ring light",
  "sound card",
  "graphics card",
  "hard drive",
  "dukaan app",
  "tally prime",
  "tally erp",
];

const THIRD_PARTY_NAMES: ReadonlySet<string> = new Set(`${NAMES} ${PRODUCTS}`.split(/\s+/).filter(Boolean));

const PHRASE = new RegExp(`\\b(${PHRASE_NAMES.map((p) => p.replace(/ /g, "\\s+")).join("|")})\\b`);

/** The other companies' names and products a question names (lower case; phrases with one space). */
export function thirdPartyNames(question: string): string[] {
  const text = spellOut(question);
  const names = text.split(/[^\p{L}\p{N}]+/u).filter((word) => THIRD_PARTY_NAMES.has(word));
  const phrase = PHRASE.exec(text);
  return phrase ? [...names, phrase[1]!.replace(/\s+/g, " ")] : names;
}

/**
 * Words that stand for the agency (or for nobody in particular) in "is X hiring", "how much do X charge"
 * ("ya" is spelled out as Hinglish's "or", so "how much do ya charge" reads "do or charge", decision 0104).
 */
const US =
  "you|u|ya|yu|yall|or|ascendra|team|studio|agency|your|ur|yours|it|they|there|this|that|the|i|we|my|our|a|an|tokens?|plans?" +
  // A preposition names nobody: "who is in charge of design" asks for a person, not a price (decision 0094).
  "|in|on|at|of|for|with|by";

/**
 * "is google hiring designers", "does amazon deliver to vashi", "how much do
 * influencers earn", "what do freelancers charge", "how much do ad agencies in
 * delhi charge": a question about what someone else does or earns, whoever it
 * names.
 */
const ABOUT_OTHERS = new RegExp(
  `\\b(is|are|does|do)\\s+(?!(?:${US})\\b)[a-z0-9]+(\\s+(?!(?:${US})\\b)[a-z0-9]+)?` +
    // Where they are, after them: "how much do ad agencies in delhi charge" (decision 0098).
    `(\\s+(?:in|from|near|around)\\s+[a-z]+)?\\s+(hiring|recruiting|deliver|delivers|sell|sells|earn|earns|charge|charges|pay|pays)\\b`,
);

/**
 * "social media agency in thane monthly package rates", "freelancers in pune logo charges": what
 * agencies or freelancers somewhere charge, unless the visitor is the agency ("we are an agency in pune…").
 */
const AGENCY_RATES =
  /\b(?:agency|agencies|freelancers?|design\s+studios|firms)\s+(?:in|near|around|from)\s+[a-z]+(?:\s+[a-z]+){0,4}?\s+(?:rates?|charges?|prices?|fees?|packages?|costs?|quotes?)\b/;
const FIRST_PERSON = /\b(?:i|we|my|our|us)\b/;

/** Whether the question asks what another company or person does, earns or charges. */
export const asksAboutOthers = (question: string): boolean => {
  const text = spellOut(question);
  return ABOUT_OTHERS.test(text) || (AGENCY_RATES.test(text) && !FIRST_PERSON.test(text));
};
