// The classic ordering puzzle (script start / async1 start / …), with async2 suspending: an
// await of a future that completes at once does not yield in AdeshLang (docs/language.md §8).
async function async1() {
    console.log("async1 start");
    await async2();
    console.log("async1 end");
}

async function async2() {
    console.log("async2");
    await new Promise((resolve) => setTimeout(resolve, 50));
}

console.log("script start");
setTimeout(() => console.log("setTimeout"), 0);
async1();
new Promise((resolve) => {
    console.log("promise1");
    resolve();
}).then(() => console.log("promise2"));
console.log("script end");
