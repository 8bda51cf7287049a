import { processTerm } from "./text";

// Places WordNet does not know (decision 0097): India's cities, states and the
// neighbourhoods of the studio's own region, as visitors name them ("our
// office in thane", "a homestay in coorg", "i run a boutique in panvel").
// Like WordNet's places (decision 0096), where the visitor is, never what
// they ask about. Written from general knowledge, not from any question set.

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

/** The indexed forms of the places above that the site never uses. */
export function indianPlaces(siteTerms: ReadonlySet<string>): Set<string> {
  const places = new Set<string>();
  for (const name of NAMES.split(/\s+/)) {
    const term = name && processTerm(name);
    if (term && !siteTerms.has(term)) places.add(term);
  }
  return places;
}
