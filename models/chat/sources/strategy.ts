import { getStrategyContent } from "../../content/marketing-content.server";
import type { ServiceStrategy, StrategyContent } from "../../content/marketing-content";
import type { ChatDocument, ChatSource } from "./types";

const serviceUrl = (name: string) => `/strategy?service=${encodeURIComponent(name)}`;

function serviceDocuments(service: ServiceStrategy, url: string, key: string): ChatDocument[] {
  const name = service.header.title;
  // A service and its feature cards answer a request for the work (decision 0089); "How we work" is no service.
  const answers: ChatDocument["answers"] = key === "default" ? undefined : ["work"];
  return [
    {
      id: `strategy:${key}`,
      title: name,
      url,
      text: `${name}: ${service.header.heading}. ${service.header.text} Key features: ${service.features.map((f) => f.title).join(", ")}.`,
      keywords: ["service", "services"],
      answers,
    },
    ...service.features.map((card) => ({
      id: `strategy:${key}:${card.id}`,
      title: `${card.title} (${name})`,
      url,
      text: `${card.title}: ${card.description} Includes: ${card.bullets.join("; ")}.`,
      answers,
    })),
    {
      id: `strategy:${key}:scalability`,
      title: `${service.scalability.title}: ${name}`,
      url,
      text: service.scalability.description,
      keywords: ["scale", "scalability", "grow", "growth", "weekly", "ongoing"],
    },
  ];
}

/** Each service's header, five feature cards and scalability note (seeds/strategy.json). */
export function strategyDocuments(content: StrategyContent): ChatDocument[] {
  return [
    ...content.services.flatMap((service) =>
      serviceDocuments(service, serviceUrl(service.name), service.name.toLowerCase().replace(/\W+/g, "-")),
    ),
    ...serviceDocuments(content.default, "/strategy", "default"),
    {
      id: "strategy:contact",
      title: content.contact.title,
      url: "/strategy",
      text: content.contact.text,
      keywords: ["reply", "response", "respond", "answer", "quickly", "day"],
    },
  ];
}

export const strategySource: ChatSource = {
  name: "strategy",
  load: async () => strategyDocuments(await getStrategyContent()),
};
