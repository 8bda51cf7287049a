import { topicTerms, tokenize } from "../models/chat/text";
import { meaningWords } from "../models/chat/semantic";
for (const q of process.argv.slice(2)) console.log(q, tokenize(q), topicTerms(q), meaningWords(q));
