import { processTerm } from "./text";

// Places WordNet does not know (decision 0097): India's cities, states and the
// neighbourhoods of the studio's own region, as visitors name them ("our
// office in thane", "a homestay in coorg", "i run a boutique in panvel").
// Like WordNet's places (decision 0096), where the visitor is, never what
// they ask about. Written from general knowledge, not from any question set.
// And the world's (decision 0098): countries, the cities founders abroad
// write from, and the words for their people and regions ("UK company",
// "Aussie founder", "a bakery in Bogotá"), which WordNet either lacks or
// lists only with capitals.

const NAMES = `
mumbai bombay delhi bangalore bengaluru chennai madras kolkata calcutta hyderabad secunderabad pune ahmedabad
surat jaipur lucknow kanpur nagpur indore thane bhopal visakhapatnam vizag patna vadodara baroda ghaziabad
ludhiana nashik faridabad meerut rajkot varanasi banaras srinagar aurangabad dhanbad amritsar prayagraj
allahabad ranchi howrah coimbatore jabalpur gwalior vijayawada jodhpur madurai raipur kota guwahati
chandigarh solapur mysore mysuru gurgaon gurugram noida bhubaneswar kochi cochin trivandrum thiruvananthapuram
dehradun udaipur panaji shimla manali ooty coorg lonavala khandala alibaug mahabaleshwar rishikesh haridwar
shirdi kolhapur sangli satara nanded jalgaon ahmednagar latur amravati akola belgaum belagavi hubli mangalore
mangaluru tirupati nellore warangal guntur siliguri darjeeling gangtok shillong imphal jammu leh ladakh
pondicherry puducherry
maharashtra gujarat karnataka kerala tamilnadu rajasthan punjab haryana bihar odisha orissa assam telangana
uttarakhand himachal jharkhand chhattisgarh uttar pradesh
andheri bandra borivali dadar kurla powai malad goregaon juhu worli colaba churchgate vashi nerul belapur
kharghar panvel airoli ghansoli sanpada seawoods ulwe taloja kalyan dombivli mulund ghatkopar chembur vikhroli
bhandup kandivali dahisar bhayandar vasai virar byculla parel santacruz matunga sion wadala kamothe koparkhairane
koramangala indiranagar whitefield jayanagar malleshwaram yelahanka hebbal dwarka saket rohini lajpat janakpuri
kothrud baner hinjewadi wakad aundh hadapsar gachibowli kondapur madhapur banjara jubilee
`;

const WORLD = `
afghanistan albania algeria angola argentina armenia australia austria azerbaijan bahrain bangladesh belarus
belgium bhutan bolivia bosnia botswana brazil brunei bulgaria cambodia cameroon canada chile china colombia
congo croatia cuba cyprus czechia denmark ecuador egypt estonia ethiopia fiji finland france georgia germany
ghana greece guatemala hungary iceland indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan
kenya korea kuwait laos latvia lebanon libya lithuania luxembourg madagascar malawi malaysia maldives malta
mauritius mexico moldova mongolia montenegro morocco mozambique myanmar namibia nepal netherlands holland nigeria
norway oman pakistan panama paraguay peru philippines poland portugal qatar romania russia rwanda saudi senegal
serbia seychelles singapore slovakia slovenia somalia spain srilanka sudan sweden switzerland syria taiwan
tanzania thailand tunisia turkey uganda ukraine uruguay uzbekistan venezuela vietnam yemen zambia zimbabwe
uk usa uae ksa england scotland wales britain emirates
london manchester birmingham bristol leeds liverpool edinburgh glasgow cardiff belfast dublin leicester
york nyc boston chicago seattle austin dallas houston miami atlanta denver toronto vancouver montreal ottawa
calgary sydney melbourne brisbane perth adelaide auckland
dubai abu dhabi sharjah ajman doha riyadh jeddah dammam muscat manama
paris berlin munich frankfurt hamburg amsterdam rotterdam brussels madrid barcelona lisbon lisboa porto rome
milan vienna zurich geneva stockholm oslo copenhagen helsinki warsaw prague budapest athens istanbul
nairobi lagos accra abidjan casablanca cairo johannesburg kampala kigali addis ababa dakar
bogota lima santiago sao paulo rio
tokyo seoul beijing shanghai hong kong kuala lumpur jakarta bangkok manila hanoi saigon dhaka karachi lahore
kathmandu colombo
british english scottish irish welsh american canadian australian aussie european french german dutch
spanish italian portuguese brazilian mexican swiss swedish danish norwegian polish arab arabian emirati saudi
omani qatari bahraini kuwaiti singaporean malaysian japanese chinese korean nepali bangladeshi lankan african
nigerian kenyan ghanaian egyptian moroccan latam
europe asia africa america americas oceania gulf mena gcc apac emea scandinavia
`;

/** Every place name above (India's and the world's), as written: words the spelling mender must leave alone. */
export const PLACE_NAMES: readonly string[] = `${NAMES} ${WORLD}`.split(/\s+/).filter(Boolean);

/** The indexed forms of the places above that the site never uses. */
export function namedPlaces(siteTerms: ReadonlySet<string>): Set<string> {
  const places = new Set<string>();
  for (const name of PLACE_NAMES) {
    const term = name && processTerm(name);
    if (term && !siteTerms.has(term)) places.add(term);
  }
  return places;
}
