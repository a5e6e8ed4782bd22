// An interval ticks until it clears itself; a timeout set between its ticks runs in deadline
// order with them.
let ticks = 0;
let id = 0;
id = setInterval(() => {
    ticks += 1;
    console.log("tick", ticks);
    if (ticks == 3) {
        clearInterval(id);
        Promise.resolve(ticks).then((n) => console.log("cleared after", n));
    }
}, 20);
setTimeout(() => console.log("timeout at 30"), 30);
console.log("set");
