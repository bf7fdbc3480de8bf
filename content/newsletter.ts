/** Newsletter page copy (rule 6.2; copy claims of rule 3.6). */
import * as v from "valibot";

/** A reader testimonial; `rating` is whole stars from 1 to 5. */
export const TestimonialSchema = v.strictObject({
  name: v.pipe(v.string(), v.nonEmpty()),
  role: v.pipe(v.string(), v.nonEmpty()),
  content: v.pipe(v.string(), v.minLength(20)),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
});

export type Testimonial = v.InferOutput<typeof TestimonialSchema>;

export const testimonials: readonly Testimonial[] = v.parse(v.array(TestimonialSchema), [
  {
    name: "Amara O.",
    role: "Nurse, saving for a first home",
    content:
      "The Sunday email is the only newsletter I read start to finish. One idea, clearly explained, and something I can actually do that week.",
    rating: 5,
  },
  {
    name: "Daniel K.",
    role: "Software engineer",
    content:
      "No hype and no hot tips, just the reasoning behind good money decisions. It changed how I think about fees and my savings rate.",
    rating: 5,
  },
  {
    name: "Priya S.",
    role: "Freelance designer",
    content:
      "With irregular pay, the issue on keeping a buffer before a budget gave me a system I still use each month. Practical, calm and genuinely useful.",
    rating: 4,
  },
]);

/**
 * Why subscribe: short benefit statements. `sendTime` is when an issue arrives, as the copy says it (`Sunday
 * morning`, from the send schedule: `SEND_TIME_WORDS.when` of core/newsletter-schedule.ts).
 */
export function listSubscribeReasons(sendTime: string) {
  return [
    {
      title: "One practical idea a week",
      text: `Every ${sendTime}: one concept, explained simply, with a small step you can take that week.`,
    },
    {
      title: "Clarity, not hype",
      text: "No stock tips, no coin shilling, no urgency. Just the reasoning behind sound money decisions.",
    },
    {
      title: "Early access",
      text: "New articles and guides reach subscribers first, before they appear on the blog.",
    },
    {
      title: "Free, and easy to leave",
      text: "No cost and no spam. Every email has a one-click unsubscribe link.",
    },
  ] as const;
}
