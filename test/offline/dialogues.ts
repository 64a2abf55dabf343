import type { Dialogue } from "../../dialogues/dialogue.js";

type Line = readonly ["user" | "assistant", string];

/** A dialogue from `[speaker, text]` pairs: turn k of the test is `turns[k - 1]`. */
export function dialogue(lines: readonly Line[], id: string | number = "test"): Dialogue {
  return { id, turns: lines.map(([speaker, text]) => ({ speaker, text })) };
}

/** 4 user turns, 2 of them dissatisfied (turns 3 and 7); 2 apologies in 4 assistant turns. */
export const RESTAURANT_COMPLAINT = dialogue([
  ["user", "I need a table for two tonight at an Italian place."],
  ["assistant", "Sure, I found Pizza Hut in the centre. Shall I book it?"],
  ["user", "That's not what I asked for, I wanted Italian fine dining."],
  ["assistant", "Sorry about that. How about Cotto?"],
  ["user", "Is it open on Sundays?"],
  ["assistant", "Yes, it is open every day."],
  ["user", "This is useless, I still don't have a booking."],
  ["assistant", "I apologise. I have booked Cotto for two at 7pm."],
]);

/** The user repeats the request of turn 1 at turn 3 after an upsell. */
export const GYM_CANCELLATION = dialogue([
  ["user", "I want to cancel my gym membership today."],
  ["assistant", "Have you considered our premium plan? It includes yoga classes."],
  ["user", "No. Please cancel my gym membership today."],
  ["assistant", "I can help with that. Your membership is cancelled."],
  ["user", "Thanks, bye."],
]);

/** Few-shot dialogue 26 of the original prompts (CCPE): the assistant asks at turn 15 and moves on at turn 16 without a reply. */
export const SEED_26 = dialogue(
  [
    ["assistant", "What type of movies do you enjoy?"],
    ["user", "I like movies that are based on true story."],
    ["assistant", "What appeals to you with these type of movies?"],
    ["user", "I think it's just easier to get invested in the story knowing it's at least partially true, so it feels more real, like you can get more invested in the characters."],
    ["assistant", "Is there a specific movie you enjoy from this genre?"],
    ["user", "I watched Apollo 13 recently, and that's a really good movie."],
    ["assistant", "What did you like about this movie?"],
    ["user", "I've always liked space travel, like it's just an interesting idea, and so seeing the story of how their mission went wrong and how they got back was just really fascinating."],
    ["assistant", "Are there any type of movies that you don't enjoy?"],
    ["user", "I don't like comic book movies very much."],
    ["assistant", "What about these movies is unappealing?"],
    ["user", "There's just too many of them. Like I fell behind, and I've never felt like catching back up, so I just tend to ignore all of them, and they just generally don't interest me that much."],
    ["assistant", "Is there a specific movie that you heavily dislike?"],
    ["user", "The movie I didn't like Available. I saw that recently, I didn't like that movie."],
    ["assistant", "What do you dislike about this movie?"],
    ["assistant", "Have you seen Armageddon"],
    ["user", "No."],
    ["assistant", "How about the Incredibles 2"],
    ["user", "Nope, haven't seen that."],
  ],
  26,
);

/** Questions at turns 1, 3, 5: turn 1 is met with an unrelated question, turn 5 gets no reply. */
export const MUSEUM_QUESTIONS = dialogue([
  ["user", "What time does the museum open?"],
  ["assistant", "Have you visited Cambridge before?"],
  ["user", "Yes. Where can I park?"],
  ["assistant", "The car park on Trumpington Street is closest."],
  ["user", "How much does it cost?"],
]);

/** Terse user, one unedited assistant turn. */
export const TERSE = dialogue([
  ["assistant", "hi there what can I do for you"],
  ["user", "No."],
  ["assistant", "Okay. Anything else?"],
  ["user", "Nope"],
  ["assistant", "Thank you, goodbye."],
  ["user", "Thanks a lot for your help today."],
]);

/** A coaching exchange with emotional content from the user and empathy from the assistant. */
export const COACHING = dialogue([
  ["user", "I have my exam tomorrow and I'm so worried I will fail."],
  ["assistant", "I'm sorry to hear that, that sounds stressful. Could you tell me more about what worries you most?"],
  ["user", "Mostly the maths part. I think I might freeze."],
  ["assistant", "That makes sense. Maybe we can practise a few problems together, if you'd like."],
  ["user", "That would be great, thank you."],
]);

/** Purely transactional: nothing emotional in the user's turns. */
export const TAXI = dialogue([
  ["user", "I need a taxi from the hotel to the station at 5pm."],
  ["assistant", "I'm glad to help! Booked: a white Toyota, contact number 07218068540."],
  ["user", "I'd love to get the car registration too."],
  ["assistant", "It is AB12 CDE."],
  ["user", "Thank you, goodbye."],
]);

export const ALL = { RESTAURANT_COMPLAINT, GYM_CANCELLATION, SEED_26, MUSEUM_QUESTIONS, TERSE, COACHING, TAXI };
