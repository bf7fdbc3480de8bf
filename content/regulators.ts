/** The regulators the disclaimer and privacy pages name for the seller's country (rule 2.9); only they import this. */
import type { LegalIdentity } from "./legal-identity";

/** Per country, who oversees financial advice and who hears a data-protection complaint; add one before it launches. */
export const REGULATORS: Record<LegalIdentity["country"], { advice: string; adviceShort: string; privacy: string }> = {
  US: {
    advice:
      "In the United States, investment advisers are registered with the Securities and Exchange Commission (SEC) or their state: check any adviser you use on the SEC's Investment Adviser Public Disclosure website or FINRA BrokerCheck.",
    adviceShort: "the SEC, FINRA",
    privacy:
      "If you are unhappy with our answer, you can complain to the Federal Trade Commission (FTC) or to the attorney general of your state.",
  },
  GB: {
    advice:
      "In the United Kingdom, financial advice is a regulated activity: check that any adviser you use is authorised by the Financial Conduct Authority (FCA) by searching the FCA's Financial Services Register.",
    adviceShort: "the FCA",
    privacy:
      "If you are in the United Kingdom and unhappy with our answer, you can complain to the Information Commissioner's Office (ICO).",
  },
};
