// Promise.all, race and any with rejections: the first rejection fails all, the first to settle
// wins a race, any takes the first value and fails only when every promise rejected.
function delayed(v, ms) {
    return new Promise((resolve, reject) => { setTimeout(() => resolve(v), ms); });
}

function failing(msg, ms) {
    return new Promise((resolve, reject) => { setTimeout(() => reject(Error(msg)), ms); });
}

async function main() {
    const both = await Promise.all([delayed("a", 20), delayed("b", 10)]);
    console.log('["' + both.join('", "') + '"]'); // as AdeshLang prints an array of strings
    try {
        await Promise.all([delayed("a", 30), failing("all failed", 10)]);
    } catch (e) {
        console.log("all:", e.message);
    }
    console.log("race:", await Promise.race([delayed("slow", 40), delayed("fast", 10)]));
    try {
        await Promise.race([delayed("slow", 40), failing("race failed", 10)]);
    } catch (e) {
        console.log("race:", e.message);
    }
    console.log("any:", await Promise.any([failing("x", 5), delayed("late", 20)]));
    try {
        await Promise.any([failing("x", 5), failing("y", 10)]);
    } catch (e) {
        console.log("any:", e.message);
    }
}
main();
