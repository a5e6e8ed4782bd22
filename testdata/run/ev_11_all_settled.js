// The JavaScript twin of ev_11_all_settled.adesh.
let slow = new Promise((resolve) => setTimeout(() => resolve("slow"), 20));
let failing = new Promise((resolve, reject) => setTimeout(() => reject(new Error("late")), 10));
let ps = [Promise.resolve("now"), Promise.reject(new Error("at once")), slow, failing];
Promise.allSettled(ps).then((outcomes) => {
    console.log("settled:", outcomes.length);
    for (let i = 0; i < outcomes.length; i++) {
        let o = outcomes[i];
        if (o.status == "fulfilled") {
            console.log(i, o.status, o.value);
        } else {
            console.log(i, o.status, o.reason.message);
        }
    }
});
Promise.allSettled([]).then((outcomes) => console.log("none:", outcomes.length));
Promise.resolve(0).then(() => console.log("a reaction registered later"));
console.log("set up");
